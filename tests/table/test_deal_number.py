"""The card table's Deal # button, through the routing every table shares: a number deals
here, a code of another game opens that game's table under the code's rules."""

from game.deal_codes import decode, encode
from game.scenes.deal_dialog import DealDialog
from game.scenes.leap_frog.scene import LeapFrogBoardScene
from game.scenes.table.klondike import KlondikeTable
from game.scenes.table.scene import CardTableScene


def open_dialog(table) -> DealDialog:
    button = next(button for button in table.scene.toolbar.buttons if button.label == "Deal #")
    table.click(button.rect.center)
    table.app.stack.apply_pending()
    assert isinstance(table.top, DealDialog)
    return table.top


def test_a_number_deals_here(make_table, context):
    table = make_table(KlondikeTable(context).new_state(41))
    dialog = open_dialog(table)
    assert decode(dialog.code).seed == 41
    dialog.digits, dialog.selected = "777", False
    dialog.accept()
    table.app.stack.apply_pending()
    assert table.top is table.scene and table.scene.session.history.states[0].seed == 777


def test_a_leap_frog_code_opens_the_board(make_table, context):
    table = make_table(KlondikeTable(context).new_state(41))
    open_dialog(table).on_code(decode(encode("leap_frog", {"size": 17}, 5)))
    table.app.stack.apply_pending()
    board = table.top
    assert isinstance(board, LeapFrogBoardScene) and not isinstance(board, CardTableScene)
    assert board.match.state.seed == 5 and board.match.state.options.size == 17
    assert context.settings.leap_frog.size == 17
