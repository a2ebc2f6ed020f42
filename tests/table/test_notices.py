"""The table's notices (answers, the busy line) and its read-out: where they show, how long
they stay, and the deal number. Driven by constructed events."""

import pygame
import pytest

from game.ai.search import SolveResult
from game.engine.text import render_text
from game.rules import GAMES
from game.rules.klondike import WASTE
from game.scenes.dialogs import MessageDialog
from game.scenes.table import advisor as advisor_module
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.leap_year import LeapYearTable
from game.scenes.table.leapfrog import LeapfrogTable
from game.scenes.table.lucas_leaps import LucasLeapsTable
from game.scenes.table.post_mortem import WORKING, progress_text
from game.scenes.table.toast import READABLE_TEXT, draw_status, text_size

from .positions import position

RUN = position(tableau=["KS", "5c 9H 8S", "TC"], waste="QH")
STEP = 1.0 / 60.0
TABLES = {"klondike": KlondikeTable, "leapfrog": LeapfrogTable, "leap_year": LeapYearTable,
          "lucas_leaps": LucasLeapsTable}
SIZES = [(640, 480), (800, 600), (1280, 800), (1920, 1080), (3840, 2160), (1000, 1000)]


def answer(table, status="lost"):
    """The Solve? answer for the table's position, as the search would hand it back."""
    advisor = table.scene.advisor
    advisor._verdict(table.state, SolveResult(status, None, 0, 0.0))
    table.app.draw()
    return advisor.toast


def run_for(table, seconds):
    for _ in range(round(seconds / STEP)):
        table.app.run_frame(STEP)


def card_rects(table):
    view = table.scene.view
    rects = [rect for key, spot in view.layout.piles.items()
             for rect in spot.card_rects([sprite.card for sprite in view.piles[key]])]
    return rects + [spot.rect for spot in view.layout.piles.values()]


def late_state(game_id):
    """A position well into a game: greedy play for a while, piles grown tall."""
    rules = GAMES[game_id]
    state = rules.new_game(11)
    for _ in range(120):
        moves = rules.legal_moves(state)
        if not moves:
            break
        state = rules.apply(state, moves[-1] if game_id == "leap_year" else moves[0])
    return state


# How long an answer stays -------------------------------------------------------------------

def test_an_answer_and_its_buttons_stay_while_being_read(make_table):
    table = make_table(RUN)
    toast = answer(table)
    run_for(table, 20.0)
    assert toast.shown and [b.label for b in toast.buttons] == ["New game"]


def test_a_click_elsewhere_puts_the_answer_away_and_still_plays(make_table):
    table = make_table(RUN)
    toast = answer(table)
    table.click(table.centre_of(WASTE))
    assert not toast.shown
    assert table.state != RUN  # the click did what it does: the queen went onto the king


def test_a_key_puts_the_answer_away(make_table):
    table = make_table(RUN)
    toast = answer(table)
    table.key(pygame.K_LEFT)
    assert not toast.shown


def test_a_move_puts_the_answer_away(make_table):
    table = make_table(RUN)
    toast = answer(table, "won")
    table.scene.play(table.scene.session.legal_moves()[0])
    assert not toast.shown


def test_a_click_on_the_answer_itself_puts_it_away_and_nothing_under_it_runs(make_table):
    table = make_table(RUN)
    toast = answer(table)
    spot = (toast.area.x + 4, toast.area.centery)
    table.click(spot)
    assert not toast.shown and table.state == RUN
    assert table.top is table.scene  # no toolbar button under it was pressed


def test_the_answers_button_still_works(make_table):
    table = make_table(RUN)
    toast = answer(table)
    table.click(toast.buttons[0].rect.center)  # New game: a fresh deal needs no asking
    table.settle()
    assert not toast.shown and table.state != RUN


# Where notices show --------------------------------------------------------------------------

@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_notices_never_cover_a_card(make_table, context, game_id, size):
    table = make_table(late_state(game_id), game=TABLES[game_id](context), size=size)
    toast = answer(table)
    surface = pygame.display.get_surface()
    busy = draw_status(surface, "Looking for a win (up to 4 seconds)…",
                       table.scene.view.layout.toolbar, toast.area.left - 4)
    assert surface.get_rect().contains(toast.area)
    for rect in card_rects(table):
        assert not rect.colliderect(toast.area), (rect, toast.area)
        assert not rect.colliderect(busy), (rect, busy)


# The deal number ------------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_every_table_shows_its_deal_number(make_table, context, game_id):
    state = GAMES[game_id].new_game(4321)
    table = make_table(state, game=TABLES[game_id](context))
    table.app.draw()
    assert "Deal #4321" in table.scene.toolbar._drawn[1]


# Notices and the toolbar ----------------------------------------------------------------------

BUSY = "Move 4 of 74…"


def drawn_notices(table, monkeypatch, text, actions, busy_text=BUSY):
    """The toast showing `text` (None: no toast) and the busy line saying `busy_text`, as the
    table draws them: their areas."""
    advisor = table.scene.advisor
    busy: list[pygame.Rect] = []

    def record(*args, **kwargs):
        busy.append(draw_status(*args, **kwargs))
        return busy[-1]

    monkeypatch.setattr(advisor_module, "draw_status", record)
    monkeypatch.setattr(advisor, "status_text", lambda: busy_text)
    if text is not None:
        advisor.toast.show(text, actions)
    table.app.draw()
    return advisor.toast, busy


@pytest.mark.parametrize("text,actions", [(WORKING, [("Cancel", lambda: None)]),
                                          ("No: this deal can no longer be won.",
                                           [("New game", lambda: None)])])
@pytest.mark.parametrize("size", SIZES[:4])
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_notices_never_cover_a_button_a_card_or_each_other(make_table, context, monkeypatch,
                                                          game_id, size, text, actions):
    table = make_table(late_state(game_id), game=TABLES[game_id](context), size=size)
    toast, busy = drawn_notices(table, monkeypatch, text, actions)
    notices = [toast.area, *busy]
    for button in table.scene.toolbar.buttons:
        for area in notices:
            assert not button.rect.colliderect(area), (button.label, button.rect, area)
    for rect in card_rects(table):
        for area in notices:
            assert not rect.colliderect(area), (rect, area)
    for area in busy:
        assert not area.colliderect(toast.area), (area, toast.area)
    assert pygame.display.get_surface().get_rect().contains(toast.area)


def test_a_short_answer_leaves_the_read_out_in_sight_on_a_wide_window(make_table, monkeypatch):
    table = make_table(RUN, size=(1920, 1080))
    toast, busy = drawn_notices(table, monkeypatch, "Yes: this deal can still be won.", ())
    assert toast.area.right < table.scene.toolbar.readout_left
    assert busy, "the busy line shows beside the answer"


@pytest.mark.parametrize("answer_text", [None, "Yes: this deal can still be won.",
                                         "No: this deal can no longer be won from here."])
@pytest.mark.parametrize("size", SIZES)
def test_the_busy_line_hides_the_read_out_whole_or_not_at_all(make_table, context, monkeypatch,
                                                              size, answer_text):
    table = make_table(late_state("leap_year"), game=LeapYearTable(context), size=size)
    toast, busy = drawn_notices(table, monkeypatch, answer_text, [("New game", lambda: None)],
                                advisor_module.DEMO_RUNNING)
    toolbar = table.scene.toolbar
    readings = (toolbar.readout_left,
                toolbar.rect.right - max(8, toolbar.rect.height // 3))  # from the strip
    assert busy or answer_text is not None, "with no answer shown, the busy line shows"
    for area in busy:
        beside = area.right <= readings[0]
        over_all = area.left <= readings[0] and area.right >= readings[1]
        assert beside or over_all, (area, readings)
        if toast.shown:
            assert not area.colliderect(toast.area)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("position", [0, 31])
def test_a_search_with_an_answer_beside_it_shows_its_progress_in_readable_type(
        make_table, context, monkeypatch, size, position):
    """"Where did it go wrong?": its toast and its count of the moves checked, side by
    side. The toast wraps or shrinks, while it stays readable, to make room."""
    table = make_table(late_state("leap_year"), game=LeapYearTable(context), size=size)
    band = table.scene.view.layout.toolbar
    toast, busy = drawn_notices(table, monkeypatch, WORKING, [("Cancel", lambda: None)],
                                progress_text(position, 136))
    assert toast.shown
    readable = min(READABLE_TEXT, text_size(band))
    needed = render_text(progress_text(position, 136), readable, (0, 0, 0)).get_width()
    if size[0] >= 1280:  # a smaller window's band has room for the toast alone
        assert toast._size >= readable
        assert busy and busy[-1].width >= needed + 2 * readable, (busy, needed)
    for area in busy:
        assert not area.colliderect(toast.area)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_the_readings_never_run_under_a_toolbar_button(make_table, context, game_id, size):
    table = make_table(late_state(game_id), game=TABLES[game_id](context), size=size)
    table.app.draw()
    toolbar = table.scene.toolbar
    buttons_end = max(button.rect.right for button, _ in toolbar._placed())
    assert toolbar.readout_left >= buttons_end


# Answers too long for the band ---------------------------------------------------------------

LONG = ("The game could still be won after move 12. After move 13, moving the seven of spades "
        "onto the eight of hearts, no win was found, but the solver could not prove it lost "
        "within 20 seconds; it was lost for sure after move 30.")
SHORT = "No useful moves are left."


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", sorted(TABLES))
def test_an_answer_shows_whole_and_readable_in_the_band_or_else_in_a_dialog(make_table, context,
                                                                            game_id, size):
    table = make_table(late_state(game_id), game=TABLES[game_id](context), size=size)
    band = table.scene.view.layout.toolbar
    for text in (SHORT, LONG):
        table.scene.advisor.tell(text, [("Undo", lambda: None)])
        table.app.run_frame(STEP)
        table.app.draw()
        toast = table.scene.advisor.toast
        assert toast.shown or text == LONG  # a short answer fits every band
        if toast.shown:
            assert not isinstance(table.top, MessageDialog)
            assert " ".join(toast._lines) == text
            assert toast._size >= min(READABLE_TEXT, text_size(band))
            assert band.contains(toast.area), (band, toast.area)
            toast.hide()
        else:
            assert isinstance(table.top, MessageDialog) and table.top.text == text
            assert [button.label for button in table.top.buttons.buttons] == ["Undo", "Close"]
            table.top.close()
            table.app.run_frame(STEP)
    # A long answer fits the band of a wide window.
    if size in ((1920, 1080), (3840, 2160)):
        table.scene.advisor.tell(LONG)
        assert table.scene.advisor.toast.shown


def test_an_answers_dialog_button_does_what_the_toasts_would(make_table):
    table = make_table(RUN, size=(640, 480))
    pressed = []
    table.scene.advisor.tell(LONG, [("Go back there", lambda: pressed.append(True))])
    table.app.run_frame(STEP)
    dialog = table.top
    assert isinstance(dialog, MessageDialog) and not table.scene.advisor.toast.shown
    table.app.draw()
    button = dialog.buttons.buttons[0]
    table.click(button.rect.center)
    table.app.run_frame(STEP)
    assert pressed == [True] and table.top is table.scene


def test_a_glow_waits_while_a_dialog_covers_the_table(make_table):
    table = make_table(RUN)
    move = table.scene.session.legal_moves()[0]
    table.scene.point_out(move, 1.0)
    table.scene.advisor.tell(LONG * 2)  # too long for any band
    run_for(table, 3.0)
    assert isinstance(table.top, MessageDialog) and table.scene.hint == move
    table.top.close()
    run_for(table, 3.0)
    assert table.scene.hint is None
