"""The Leap Frog table: board, players' panels, people's and computers' turns.

Modules: scene (the table), mouse (a person's gestures), chain (a leap being entered),
computer (moves chosen off the UI thread), match (the game apart from its looks), seats
(names and colours), layout, board_view (marble sprites and their animations), painting,
status (the turn's instructions) and commands (saving, statistics, dialogs, the summary).
"""
