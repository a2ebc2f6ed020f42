"""The reusable machine under the games: loop, scenes, tweens, sprites, input.

Nothing here knows about cards, pegs or any particular game. Modules:
app (window and frame loop), timestep (fixed-step accounting), scene (Scene,
SceneStack), tween and easing, sprites and layers (drawing), drag (mouse
gestures), input (shortcuts to actions), resources and text (files, fonts),
audio (sound effects), widgets (buttons, menus).
"""
