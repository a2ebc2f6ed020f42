"""The rules of the five games in plain words, as the help screen shows them.

They say what RULES.md decides, point for point, and how the tables play them. Markup, one
block per line: "## " starts a heading, "- " a bullet, "> keys | what they do" a shortcut,
"![name] caption" a picture (see `help_pictures`) with its caption beside it, anything else is
a paragraph.
"""

from __future__ import annotations

from game.engine.input import Action, KeyMap
from game.registry import GAMES

KEY_SEPARATOR = "  or  "  # between alternative shortcuts for one action

KLONDIKE = """\
## Goal
Move all 52 cards to the four suit stacks, each built up in one suit from its base card \
(the Ace, unless you choose another starting rank).
## The deal
Seven building stacks hold 1 to 7 cards, only the top card face up. The rest of the pack \
is the deck; at the deal the first cards are turned onto the waste, as many as you draw at \
a time. The four suit stacks start empty; each takes the suit of its base card.
## Moves
- Put the top card of the waste, of a building stack or of a suit stack on a building \
stack whose top card is one rank higher and of the other colour.
- Move a face-up run (descending, alternating colours) from a building stack onto such a \
stack.
- Only a King (or a run it heads) may go into an empty building stack.
- Put the base card on an empty suit stack, and a card on its suit stack when it is one \
rank higher than the top card there. Only single cards go to suit stacks, and never from \
one suit stack to another.
- When the top card of a building stack is face down, it turns over at once.
![klondike_run] A face-up run in alternating colours, here the red 8, black 7 and red 6, \
moves as one onto the black 9: one rank higher and of the other colour.
## Playing
Drag a card or a run to where it should go (the places it may go glow), or click it to send \
it to its best place; double-click a card to send it to its suit stack.
## The deck
Click the deck to turn the next cards (as many as you draw, fewer if fewer remain) one by \
one onto the waste; the last one turned is on top and the only one playable. When the deck \
is empty, click its outline to start another pass if a redeal is left and the waste is not \
empty: the waste turns back over and the cards come up again in the same order. Redeals R \
allow R + 1 passes in all. Right-click anywhere on the table turns the deck too, just as \
clicking the deck does.
## Starting rank
With a starting rank S other than Ace, the card of rank S is the base of the suit stacks, \
ranks wrap round from King to Ace, and the card one rank below S (or a run it heads) is \
the only one that may go into an empty building stack. With S = 7, a King goes on an Ace.
## Automatic moves
When they are on, after each of your moves (not after undo or redo) a card goes to its \
suit stack by itself only when no win could ever need it back: the base card and the one \
above it always; a higher card once both cards of the other colour one rank lower, and the \
other card of its own colour two ranks lower, are on suit stacks. It goes from the top of a \
building stack, and when drawing one card at a time from the waste too; drawing more, a card \
on the waste stays there, since taking it would change how the deck groups on every later \
pass. Hints, Solve? and the demo plan with the same moves. Each automatic move is an undo \
step of its own, so undo brings the card back where you can use it.
## Standard scoring
- +10 for a card to a suit stack; +5 for a face-down card turned over; +5 for a card from \
the waste to a building stack; -15 for a card from a suit stack to a building stack.
- Draw 1: -100 for every new pass (the first is free). Draw 2 to 5: -20 for each pass from \
the fourth on.
- A card sent to a suit stack that uncovers a face-down card scores +10 and +5. Moves \
between building stacks score nothing. The score never goes below 0.
## Vegas scoring
-52 at the deal, +5 for every card put on a suit stack and -5 when one comes back; no pass \
penalty. With Vegas cumulative on, the balance carries over from game to game (Statistics \
shows it). With scoring set to none, the score stays 0.
## Deck contents
With Display deck contents on (Options), a panel beside the table lists the deck and the \
waste in the order the cards will come up, grouped as they will be turned. Time runs upward, \
as in a pile:
- Now, at the bottom: the top cards of the waste, the playable one outlined in gold.
- Coming up, above it: the groups the deck will turn in this pass, the next one lowest, each \
in the order its cards are turned.
- Next pass, at the top: how the cards will come up after a redeal, if one is left.
- In every group, the card that will be playable (the top of the group, its last card) is \
marked with a gold dot; the cards under it are shaded.
![klondike_deck] Drawing three: the queen of spades is playable now; the next turn of the \
deck makes the 5 of hearts playable; the next pass would bring the queen and then the 5 again.
## Undo
Undo and redo as often as you like; undo restores the score.
"""

LEAPFROG = """\
## Goal
Put the 4 × 13 grid in order: every row holds one suit from King (column 1) down to 2 \
(column 12), and the four gaps end in column 13.
## The deal
One shuffled deck is dealt row by row, left to right; then the four aces are taken out. \
Their places are the four gaps.
## Moves
- A gap whose left neighbour is a card of rank r higher than 2 takes the card of rank r - 1 \
of the same suit, wherever it is. That card moves into the gap and leaves a gap where it was.
- A gap to the right of a 2, or of another gap, is dead.
- A gap in column 1 takes any King not already in column 1; the table lets you choose which.
- There are no redeals. The game ends when no move is left or all four rows are complete.
![leapfrog_gap] The gap after the jack of spades takes the 10 of spades from wherever it \
lies, leaving a gap where the 10 was. The gap after the 2 of clubs is dead.
## Playing
Click a gap to bring the card that fills it, or drag that card into the gap. For a gap in \
column 1 a chooser shows the Kings that may go there, each with the place it would leave: \
click one, or pick one with the Left and Right arrows and press Enter. Esc (or Cancel) \
closes the chooser and leaves the grid as it was.
## Score
- 2 points for each card in proper sequence: its left neighbour in the same row is the \
next-higher card of its own suit, wherever in the grid that pair stands.
- 5 points for each card in correct position: its row starts with the King of its suit in \
column 1 and every cell from that King to this card holds the unbroken descending run of \
that suit. A King in column 1 counts.
- 10 points for each completed suit (a row from King to 2 in correct position).
- 400 points bonus for a win.
The two kinds of card points add up: a card in correct position (other than a King) is also \
in proper sequence. A won game scores 88 + 240 + 40 + 400 = 768.
## Buy-in and winnings
Each game costs a buy-in of 100 points, taken off at the end, so a game's winnings are its \
score minus 100 and may be negative. The live score does not include the buy-in. The summary \
shows the game's score, its winnings and the winnings of all your games together; Statistics \
shows games played and won and your total and best winnings, not counting the game in \
progress. A game counts once it has had at least one move, or at once when the deal leaves \
no move at all.
"""

LEAP_YEAR = """\
## Goal
Play all 208 cards of four decks to the 16 foundations.
## The deal
The 16 aces start on the 16 foundations. Eight tableau piles get one card each; the other \
184 cards form the stock, enough for 23 deals of 8.
## Moves
- Foundations build up from Ace to King regardless of suit. A foundation is full at King, \
and cards never leave a foundation.
- Only the top card of a tableau pile may move, and only to a foundation. There is no \
building on the tableau and no moving between tableau piles.
![leap_year_build] The foundation holding Ace, 2, 3 and 4 in mixed suits takes the 5 of \
hearts: any 5 will do.
## Playing
- Click a top card to send it to the first foundation that takes it, in reading order: \
the top row from the left, then each row below. Drag it to a foundation to choose another.
- Right-click anywhere deals, as clicking the stock does.
- Auto-play (the switch on the toolbar, also in the options) plays the deal for you, card \
by card and deal by deal, following the solver's winning line when it finds one; turn it off \
to play each card yourself. A game auto-play has moved in counts as played, not won.
## The stock
Click the stock (or right-click anywhere) to deal one card face up onto each of the eight \
tableau piles, empty ones too. You may deal at any time. There is one pass only: no redeal.
## End and score
You win when all 208 cards are on the foundations; the game is over when the stock is empty \
and no top card can move. You score 1 point per card played to a foundation (the 16 aces do \
not count), so a win scores 192.
"""

LUCAS_LEAPS = """\
## Goal
Play all 104 cards of two decks to the eight foundations.
## The deal
Thirteen tableau piles of four face-up cards; the other 52 cards form the face-down stock. \
There is one waste pile, and the eight foundations start empty.
## Moves
- Foundations build up by suit from Ace to King. A card on a foundation never leaves it, \
and only single cards go to foundations.
- Tableau piles build down by suit. A run of cards in descending sequence of one suit at \
the top of a pile moves as a unit, whatever its length.
- Any card, or such a run, may go into an empty pile.
![lucas_run] The 9, 8 and 7 of clubs move as a unit onto the 10 of clubs: down by suit.
## The stock
Click the stock, or right-click anywhere, to turn one card onto the waste. The top waste \
card may go to a foundation, onto a tableau pile or into an empty pile. There is one pass \
only: no redeal.
## End and score
You win when all 104 cards are on the foundations; the game is over when the stock is empty \
and no move is left. You score 5 points per card on a foundation, so a win scores 520.
"""

LEAP_FROG = """\
## Goal
Leap over marbles to capture them. The winner has captured the most pieces (plain variant) \
or the most points (Murray's variant); equal leaders share the win.
## The board
Every square of the board starts with a piece: 15 × 15 squares by default, up to 18 × 18. \
The pieces belong to nobody; any player may move any of them.
## Murray's pieces
Green is worth 4 points, red 3, yellow 2 and white 1. They come in the ratio 1 : 2 : 3 : 4 \
(on 15 × 15: 22 green, 45 red, 68 yellow and 90 white), shuffled over the board. In the plain \
variant all pieces are alike.
## Turns
- Player 1 moves first and turns pass round the players in order.
- Each player's first turn removes any one piece, which counts as that player's first capture \
(and towards the score).
- After that, choose any piece and leap along a row or column (or diagonally, when diagonal \
leaps are on) over a neighbouring piece onto the empty square right behind it. The piece \
jumped is captured and leaves the board at once.
- The same piece may go on leaping, changing direction at will, and may land on squares \
emptied earlier in the same turn. You decide when to stop, but you must capture at least \
one piece.
![leap_frog_chain] One turn: the marble in the blue ring leaps three times, landing on \
the gold rings in turn, and captures the three marbles it jumps over (red rings).
## Playing
- On your first turn, click the piece to remove.
- Then click a marble and each square it lands on, one by one (the squares it may land on \
have green rings); or drag the marble along the chain: each green square the pointer reaches \
is leapt to at once.
- End your turn with the End turn button, a right-click or Enter. Esc cancels the chain in \
progress, and you may choose another marble.
- The last move of each other player stays marked in their colour (a line along its path, \
a cross where each marble was taken) until they move again.
- H rings the marbles that can leap and suggests a move (gold), as the computer player \
would choose it; H again puts the hint away.
## End
The game ends when the player to move can make no capture.
## Players
The table seats 2 to 4 players, each a person or a computer player of its own strength \
(easy, medium or hard; Options, Leap Frog), shown beside its name; by default you play \
against one computer player.
"""

def game_help() -> dict[str, tuple[str, str]]:
    """Each game's help page in menu order: game id -> (title, text)."""
    return {entry.id: (entry.title, entry.help_text()) for entry in GAMES}


_KEY_LINES = (
    (Action.UNDO, "undo the last move"),
    (Action.REDO, "redo a move you undid"),
    (Action.HINT, "show a hint"),
    (Action.NEW_GAME, "new game"),
    (Action.FULLSCREEN, "fullscreen on or off"),
    (Action.HELP, "this help"),
    (Action.BACK, "back: close a window, leave a table, or quit from the menu"),
)


def controls_text(keymap: KeyMap) -> str:
    """The mouse and keyboard controls, with the keys the key map really binds."""
    keys = "\n".join(f"> {KEY_SEPARATOR.join(keymap.labels(action))} | {what}"
                     for action, what in _KEY_LINES if keymap.labels(action))
    return f"""\
## Mouse
- Drag a card, or a run of cards, to where it should go. Places it may go glow; a card \
dropped where it may not go slides back.
- Click a card to move it to its best place: a foundation first (the leftmost that takes \
it), else the nearest pile that takes it. A card alone in its pile never moves to another \
empty pile by a click; drag it there.
- Or, with "Click a card, then its destination" on (Options, Look & Sound): a click \
highlights a card (a gold ring; the places it may go glow), and a click on one of those \
places moves it there. Any other click clears the highlight.
- Double-click a card to send it to a foundation: the leftmost that takes it.
- A card that cannot move shakes its head when pressed or dragged.
- Right-click anywhere turns the deck in Klondike, deals in Leap Year and turns the stock in \
Lucas Leaps, just as clicking the deck or stock does. It does nothing in Leapfrog.
- In Leapfrog, click a gap to bring the card that fills it; in the King chooser, Left and \
Right pick a King, Enter takes it and Esc closes the chooser.
- In Leap Frog, click a marble and then each square it lands on, or drag it along the chain; \
End turn, a right-click or Enter ends the turn, and Esc cancels the chain in progress.
- After a win, a click or any key skips the celebration.
## Playing from the keyboard
- On a card table the arrows move a gold ring from pile to pile (Up and Down also choose how \
many cards of a run to take). Enter or Space picks the cards up; the arrows then go round \
the places they may go, and Enter or Space puts them down. Esc puts them back. Enter on \
the stock deals; Enter on a Leapfrog gap fills it.
- On the Leap Frog board the arrows move the ring from square to square. Enter or Space \
chooses a marble (or removes it on your first turn); the arrows then go to the squares it \
can land on, and Enter leaps there. Enter on the marble itself ends the turn; Esc takes \
the chain back.
## Hints and the solver
On the solitaire tables:
- Hint (H) lights up the best next move: the first move of a winning line when the solver \
finds one (in Klondike, of the wins it finds in that time, the one costing the fewest \
points: fewest passes through the deck), otherwise a sensible move.
- Solve? says honestly whether the deal can still be won: yes (Show me plays the win), no \
(only when that is proven), or no answer within a few seconds. Answers and notices show in \
the toolbar, never over the cards, and stay until you move, click elsewhere or press a key.
- Demo plays the deal by itself until you click. A game the computer helped play (Demo, Show \
me, auto-play) counts as played, not won: no win bonus, no best score, and it never gains \
money, though it can still lose it.
- When only finishing is left the cards go up by themselves (Klondike, turning the deck \
over no more often than it must) or a Finish button appears; a notice says so when no \
useful move is left.
- Winnable deals only (Options, each solitaire's own tab): new deals are ones the solver has \
proven can be won, of any grade or of the one you choose. The toolbar says Winnable deal \
and its grade while you play one.
- Where did it go wrong? (on the summary of a lost game, and beside the notices that no \
useful move is left or that the deal can no longer be won): the solver looks back through \
your game, for up to 20 seconds, for the first move after which no win was left. The table \
goes back to just before it and the move that would still have won glows. Only your own \
moves are ever blamed, never one the table made by itself. Playing on from there counts as \
a game with the computer's help: a win is counted as played, not won. The solver may also \
find that the deal could never be won; when it cannot tell in time, it says how long it \
looked and goes back to the last point a win was certain, its winning move glowing. On a \
winnable deal (and every deal of the day) the deal itself is known to be winnable, so the \
answer says so even when no later point could be proven.
## Grades
Every winnable deal is graded easy, medium, hard or expert by how much searching the solver \
needed to find its win: an easy deal forgives a careless move, an expert one hides its only \
way through among many dead ends. A quarter of the deals are of each grade. A player who \
thinks only a move or two ahead wins most easy deals and few expert ones.
## Deal of the day
Daily, on the menu: each solitaire has a deal of the day, the same for every player on that \
date, easy early in the week and rising to expert on Sunday; no deal comes back within a \
year. The calendar marks the days you won; click a missed day to play it. Your daily \
streak is the days won in a row up to today. A daily deal keeps its own rules (Klondike \
draws three), whatever your options say. Daily games are kept apart from your own deals: \
Statistics, Daily shows their days played and won and your daily streaks, and they never \
count in the games played and won, streaks, best scores, time, winnings, charts or records \
beside. A day counts once, and once won stays won. Statistics, Recent lists them too, \
marked Daily; a deal played again from there is an ordinary game.
## Records and recent games
Statistics, Records: the ten fastest wins, the ten wins in fewest moves and the ten best \
scores of each game and rules, with their deal numbers and dates. A game the computer helped \
play never enters them, and neither does a deal of the day. Statistics, Recent: your last \
games, a deal of the day marked Daily; click one to play its deal again.
## Deal codes
Deal # shows the deal's code, such as K3.n.1.0-12345V: the game, its rules and the deal \
number. Copy code puts it on the clipboard; send it to a friend and race the same cards. \
Paste a code (Ctrl+V) into Deal # to play it, under its rules, even from another game's \
table; or start Leaps with --deal and the code. A code with a mistake in it opens nothing.
## Animation speed
Options, Look & Sound, Animation: Normal, Fast or Instant, for every card and marble that \
moves, and for the pace of the table's automatic moves, auto-play, Demo and Show me. Reduced \
motion keeps the normal pace but leaves out what only moves for show: no shaking cards, no \
confetti, no cards cascading after a win.
## Moves and time
The toolbar counts the moves that lead from the deal to the cards as they lie: yours, the \
table's automatic moves and the computer's (Demo, Show me, auto-play) alike, one for each \
card or run moved and each deal or turn of the stock. Undo takes one off and redo puts it \
back; when Where did it go wrong? takes the game back, the count goes back with it. The \
Leap Frog board counts its turns the same way. The clock starts at the first move and stops \
while the window is in the background or another screen covers the table.
## Keys
{keys}
> Arrows, Enter, Space | move and choose in the menu and in windows like this one
> Tab | the next tab
> Page Up, Page Down | scroll long pages (the mouse wheel too); in Statistics, change \
the chart
"""


def parse_blocks(text: str) -> list[tuple[str, str]]:
    """The markup as (kind, text) blocks; kind is "heading", "bullet", "keys", "picture" or
    "paragraph" ("keys" text is "keys | what they do", "picture" text "name | caption")."""
    blocks = []
    for line in text.splitlines():
        if line.startswith("## "):
            blocks.append(("heading", line[3:]))
        elif line.startswith("!["):
            name, _, caption = line[2:].partition("] ")
            blocks.append(("picture", f"{name} | {caption}"))
        elif line.startswith("> "):
            blocks.append(("keys", line[2:]))
        elif line.startswith("- "):
            blocks.append(("bullet", line[2:]))
        elif line.strip():
            blocks.append(("paragraph", line))
    return blocks
