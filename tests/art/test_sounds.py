import math
import struct
from array import array

import pygame
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.art import sounds, synth

RATE = 44100
FULL = 32767
# Expected length of each sound in seconds: (shortest, longest).
DURATIONS = {
    "card_slide": (0.10, 0.14),
    "card_place": (0.05, 0.07),
    "card_flip": (0.04, 0.06),
    "shuffle": (0.5, 0.7),
    "deal": (0.06, 0.12),
    "invalid": (0.15, 0.21),
    "peg_hop": (0.07, 0.11),
    "capture": (0.17, 0.23),
    "win": (1.3, 1.7),
    "click": (0.02, 0.04),
}


@pytest.fixture(scope="module")
def rendered() -> dict[str, array]:
    return sounds.render_all(RATE)


@pytest.fixture
def mixer():
    """A running stereo 16-bit mixer for the test, and no mixer afterwards."""
    pygame.mixer.quit()
    try:
        pygame.mixer.init(frequency=RATE, size=-16, channels=2, buffer=512)
    except pygame.error as error:
        pytest.skip(f"the mixer cannot start here: {error}")
    yield pygame.mixer.get_init()
    pygame.mixer.quit()


def test_every_named_sound_is_rendered(rendered):
    assert set(sounds.SOUND_NAMES) == set(DURATIONS)
    assert list(rendered) == list(sounds.SOUND_NAMES)
    assert all(samples.typecode == "h" for samples in rendered.values())


@pytest.mark.parametrize("name", sorted(DURATIONS))
def test_sound_is_audible_unclipped_and_the_right_length(rendered, name):
    samples = rendered[name]
    shortest, longest = DURATIONS[name]
    assert shortest * RATE <= len(samples) <= longest * RATE
    peak = max(map(abs, samples))
    assert FULL * 10 ** (-6 / 20) <= peak <= FULL * 10 ** (-2.9 / 20)
    rms = math.sqrt(sum(s * s for s in samples) / len(samples))
    assert rms > 0.05 * peak


@pytest.mark.parametrize("name", sorted(DURATIONS))
def test_sound_starts_and_ends_silent_without_offset(rendered, name):
    samples = rendered[name]
    assert abs(samples[0]) <= 8 and abs(samples[-1]) <= 8
    assert abs(sum(samples) / len(samples)) < 0.02 * max(map(abs, samples))


def test_rendering_is_deterministic(rendered):
    assert sounds.render_all(RATE) == rendered


def test_length_follows_the_sample_rate(rendered):
    slow = sounds.render_all(22050)
    for name, samples in rendered.items():
        assert abs(len(slow[name]) * 2 - len(samples)) <= 2


def test_sounds_differ_from_each_other(rendered):
    openings = {bytes(samples[:2000]) for samples in rendered.values()}
    assert len(openings) == len(rendered)


def test_make_sounds_is_empty_without_a_mixer():
    pygame.mixer.quit()
    assert sounds.make_sounds() == {}
    assert sounds.sound_from_pcm(array("h", [0, 100, 0]), RATE) is None


def test_make_sounds_builds_every_sound_for_the_mixer(mixer, rendered):
    frequency, size, channels = mixer
    made = sounds.make_sounds()
    assert set(made) == set(sounds.SOUND_NAMES)
    for name, sound in made.items():
        assert isinstance(sound, pygame.mixer.Sound)
        expected = len(sounds.render(name, frequency))
        frame = abs(size) // 8 * channels
        assert len(sound.get_raw()) == expected * frame
        assert sound.get_length() == pytest.approx(expected / frequency, abs=1e-3)
    if (frequency, size, channels) == (RATE, -16, 2):
        raw = array("h", made["click"].get_raw())
        assert raw[0::2] == rendered["click"] and raw[1::2] == rendered["click"]


def test_a_sound_at_another_rate_is_refused(mixer):
    frequency = mixer[0]
    assert sounds.sound_from_pcm(array("h", [0, 100, 0]), frequency // 2) is None
    assert isinstance(sounds.sound_from_pcm(array("h", [0, 100, 0]), frequency),
                      pygame.mixer.Sound)


pcm = st.lists(st.integers(-32768, 32767), min_size=1, max_size=64).map(
    lambda values: array("h", values))


@settings(max_examples=60, deadline=None)
@given(samples=pcm, channels=st.sampled_from([1, 2, 4, 6]))
def test_encoding_copies_the_samples_to_every_channel(samples, channels):
    data = array("h", sounds.encode(samples, -16, channels))
    assert len(data) == len(samples) * channels
    for channel in range(channels):
        assert data[channel::channels] == samples


@settings(max_examples=60, deadline=None)
@given(samples=pcm)
def test_other_sample_formats_keep_the_waveform(samples):
    unsigned = array("H", sounds.encode(samples, 16, 1))
    assert [u - 32768 for u in unsigned] == list(samples)
    signed_8 = array("b", sounds.encode(samples, -8, 1))
    assert [b * 256 for b in signed_8] == [s - s % 256 for s in samples]
    unsigned_8 = array("B", sounds.encode(samples, 8, 1))
    assert [b - 128 for b in unsigned_8] == list(signed_8)
    for size in (32, -32):
        floats = struct.unpack(f"{len(samples)}f", sounds.encode(samples, size, 1))
        assert all(-1.0 <= f < 1.0 for f in floats)
        assert [round(f * 32768) for f in floats] == list(samples)


def test_every_listed_sample_format_is_written_and_others_refused():
    for size in sounds.SAMPLE_SIZES:
        assert len(sounds.encode(array("h", [1, 2]), size, 2)) == 4 * abs(size) // 8
    assert sounds.encode(array("h", [1, 2]), 24, 2) is None


def test_periodic_tone_repeats_its_cycle_exactly():
    tone = synth.periodic(1000, 84, [(1, 1.0), (3, 0.2)])
    assert len(tone) == 1000
    assert tone[84:168] == tone[:84] and tone[840:924] == tone[:84]
    assert max(tone) == pytest.approx(max(tone[:84]))


def test_partials_past_nyquist_are_left_out():
    phase = synth.phases(64, 8000, 1000.0)
    alone = synth.partials(phase, [(1.0, 1.0)])
    folded = synth.partials(phase, [(1.0, 1.0), (5.0, 0.5)], synth.nyquist_ratio(8000, 1000.0))
    assert folded == alone
    assert synth.partials(phase, [(5.0, 1.0)], 4.0) == [0.0] * 64


def test_glide_ends_at_its_target_pitch():
    rate = 44100
    phase = synth.phases(rate, rate, 400.0, 200.0, glide=0.01)
    late_step = phase[-1] - phase[-2]
    assert late_step == pytest.approx(synth.TAU * 200.0 / rate, rel=1e-6)
    assert phase[1] - phase[0] > 1.8 * late_step


def test_mix_into_adds_at_the_offset_and_drops_the_overhang():
    target = [1.0] * 5
    synth.mix_into(target, [1.0, 2.0, 3.0], offset=3, gain=2.0)
    assert target == [1.0, 1.0, 1.0, 3.0, 5.0]
    synth.mix_into(target, [9.0], offset=7)
    assert target == [1.0, 1.0, 1.0, 3.0, 5.0]


def test_silence_stays_silent_at_any_level():
    assert synth.to_pcm([0.0] * 100, RATE) == array("h", [0] * 100)


def test_pcm_peaks_at_the_requested_level():
    tone = synth.partials(synth.phases(4410, RATE, 440.0), [(1.0, 1.0)])
    samples = synth.to_pcm(tone, RATE, level_db=-6.0)
    assert max(map(abs, samples)) == pytest.approx(FULL * 10 ** (-6 / 20), abs=2)
    assert samples[0] == 0 and samples[-1] == 0
