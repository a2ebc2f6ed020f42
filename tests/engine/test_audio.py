import math

import pygame
import pytest

from game.engine import audio as audio_module
from game.engine.audio import Audio, sound_from_samples


def tone(seconds=0.05, rate=22050):
    return [math.sin(2 * math.pi * 440 * i / rate) for i in range(round(seconds * rate))]


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
    assert sound_from_samples(tone(), 22050) is None


def test_registered_sounds_play_and_unknown_ones_do_not(mixer):
    sound = sound_from_samples(tone(), 22050)
    assert sound is not None
    mixer.register("deal", sound)
    assert mixer.has("deal") and mixer.play("deal")
    assert not mixer.play("no-such-sound")


def test_mute_and_zero_volume_silence_play(mixer):
    mixer.register("deal", sound_from_samples(tone(), 22050))
    mixer.muted = True
    assert not mixer.play("deal")
    mixer.muted = False
    mixer.volume = -3
    assert mixer.volume == 0.0 and not mixer.play("deal")
    mixer.volume = 7
    assert mixer.volume == 1.0 and mixer.play("deal")


def test_samples_are_resampled_to_the_mixer_rate(mixer):
    frequency, _, channels = pygame.mixer.get_init()
    sound = sound_from_samples(tone(0.1, 11025), 11025)
    assert sound.get_length() == pytest.approx(0.1, abs=0.002)
    raw = sound.get_raw()
    expected = round(0.1 * frequency) * channels * 2  # 16-bit samples
    assert abs(len(raw) - expected) <= 64  # SDL trims to its chunk alignment


def test_disabled_audio_never_opens_the_mixer():
    pygame.mixer.quit()
    audio = Audio(enabled=False)
    assert not audio.available and not pygame.mixer.get_init()


def test_resampling_keeps_the_end_points():
    out = audio_module._resample([0.0, 1.0], 1, 4)
    assert out[0] == 0.0 and out[-1] == 1.0 and len(out) == 8
