import pygame
import pytest

from game.engine.audio import Audio


def tone():
    """A short sound in whatever format the mixer runs."""
    return pygame.mixer.Sound(buffer=bytes(range(256)) * 64)


@pytest.fixture
def no_device(monkeypatch):
    """A machine whose sound device cannot be opened."""
    pygame.mixer.quit()

    def broken_init(*args, **kwargs):
        raise pygame.error("no audio device")

    monkeypatch.setattr(pygame.mixer, "init", broken_init)
    yield
    pygame.mixer.quit()


@pytest.fixture
def mixer():
    pygame.mixer.quit()
    audio = Audio()
    assert audio.available  # the dummy audio driver always opens
    yield audio
    pygame.mixer.quit()


def test_a_missing_device_leaves_the_game_silent_without_raising(no_device, caplog):
    audio = Audio()
    assert not audio.available
    assert "sound is off" in caplog.text
    audio.register("deal", None)
    assert not audio.play("deal")
    audio.stop_all()


def test_registered_sounds_play_and_unknown_ones_do_not(mixer):
    sound = tone()
    assert sound is not None
    mixer.register("deal", sound)
    assert mixer.has("deal") and mixer.play("deal")
    assert not mixer.play("no-such-sound")


def test_mute_and_zero_volume_silence_play(mixer):
    mixer.register("deal", tone())
    mixer.muted = True
    assert not mixer.play("deal")
    mixer.muted = False
    mixer.volume = -3
    assert mixer.volume == 0.0 and not mixer.play("deal")
    mixer.volume = 7
    assert mixer.volume == 1.0 and mixer.play("deal")


def test_disabled_audio_never_opens_the_mixer():
    pygame.mixer.quit()
    audio = Audio(enabled=False)
    assert not audio.available and not pygame.mixer.get_init()
