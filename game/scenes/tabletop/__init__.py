"""What both tables share, the card table (game.scenes.table) and the Leap Frog board
(game.scenes.leap_frog): the scene they derive from (lifecycle, clock, window focus, saving on
leaving, notices), the toolbar, the stopwatch, counting a finished game once, and the
keyboard's focus."""
