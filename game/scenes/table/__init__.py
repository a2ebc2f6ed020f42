"""The shared card table and the games played on it.

`CardTableScene` (scene) plays any solitaire of card piles; a game supplies a `TableGame`
(game) with its layout, built from geometry, and its few particular choices. The view
(view, reconcile, card_sprite) keeps one sprite per card following the rules state; mouse
and gestures turn the mouse into legal moves; session keeps history and time; commands
handles deals, saving, statistics and the other scenes; painting and toolbar draw what is
not a card. Klondike: klondike, klondike_layout and deck_panel. Leapfrog: leapfrog,
leapfrog_layout and king_chooser. Leap Year: leap_year and leap_year_layout. Lucas Leaps:
lucas_leaps and lucas_leaps_layout.
"""
