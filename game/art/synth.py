"""Sound synthesis building blocks: phases, partials, envelopes, noise, filters, mixing.

A signal is a plain list of floats at some sample rate, roughly within [-1, 1]; it becomes
16-bit PCM only at the end (`to_pcm`). The game depends on pygame-ce alone, so this is pure
Python: wherever it can, each step is one pass of C-level `map`/`accumulate`, and only the
recursive filters loop per sample in Python. All randomness comes from seeded generators so a
sound renders to the same samples every time.
"""

from __future__ import annotations

import math
import random
from array import array
from collections.abc import Sequence
from itertools import accumulate, repeat
from operator import add, mul, sub

Signal = list[float]
Spectrum = Sequence[tuple[float, float]]  # (frequency ratio to the fundamental, gain) pairs

TAU = 2.0 * math.pi
FULL_SCALE = 32767


def sample_count(seconds: float, rate: int) -> int:
    return max(1, round(seconds * rate))


def silence(count: int) -> Signal:
    return [0.0] * count


def decay(count: int, rate: int, tau: float) -> Signal:
    """exp(-t / tau), built by repeated multiplication instead of one exp per sample."""
    if count <= 0:
        return []
    factor = math.exp(-1.0 / (tau * rate))
    return list(accumulate(repeat(factor, count - 1), mul, initial=1.0))


def attack_decay(count: int, rate: int, attack: float, tau: float,
                 release: float = 0.003) -> Signal:
    """A raised-cosine rise over `attack` seconds, an exponential fall from 1, and a last
    `release` seconds tapering to zero, so a note cut short inside a mix does not click."""
    rise = min(count, max(1, round(attack * rate)))
    step = math.pi / rise
    envelope = [0.5 - 0.5 * math.cos(step * i) for i in range(rise)]
    if count > rise:
        envelope += decay(count - rise, rate, tau)
    fade_edges(envelope, rate, 0.0, release)
    return envelope


def fade_edges(signal: Signal, rate: int, fade_in: float, fade_out: float) -> None:
    """Taper the first and last moments of `signal`, in place, to exactly zero."""
    for length, backwards in ((fade_in, False), (fade_out, True)):
        if length <= 0.0:
            continue
        n = min(len(signal), max(2, round(length * rate)))
        step = math.pi / (n - 1)
        last = len(signal) - 1
        for i in range(n):
            signal[last - i if backwards else i] *= 0.5 - 0.5 * math.cos(step * i)


def phases(count: int, rate: int, start_hz: float, end_hz: float | None = None,
           glide: float = 0.02) -> Signal:
    """Oscillator phase (radians) for a pitch gliding from start_hz toward end_hz.

    The glide is exponential with time constant `glide` seconds and its phase is integrated in
    closed form, so a pitch drop (a struck marble, a thump) needs no per-sample accumulation.
    """
    if end_hz is None or end_hz == start_hz:
        step = TAU * start_hz / rate
        return list(map(step.__mul__, range(count)))
    steady = TAU * end_hz / rate
    swing = TAU * (start_hz - end_hz) * glide
    falling = decay(count, rate, glide)
    return [steady * i + swing * (1.0 - d) for i, d in enumerate(falling)]


def partials(phase: Sequence[float], spectrum: Spectrum, below: float = math.inf) -> Signal:
    """Sum of sines at (ratio, gain) multiples of `phase`, leaving out ratios >= `below`.

    Callers pass the ratio of the Nyquist frequency to the fundamental as `below`: partials
    past it would fold back as unrelated, harsh tones at low mixer rates.
    """
    total: Signal | None = None
    for ratio, gain in spectrum:
        if ratio >= below:
            continue
        wave = map(math.sin, map(float(ratio).__mul__, phase))
        if total is None:
            total = list(map(float(gain).__mul__, wave))
        else:
            total = list(map(add, total, map(float(gain).__mul__, wave)))
    return total if total is not None else silence(len(phase))


def nyquist_ratio(rate: int, hz: float) -> float:
    """How many times `hz` fits below the Nyquist frequency (the `below` of `partials`)."""
    return rate / (2.0 * hz)


def period_of(rate: int, hz: float) -> int:
    """The whole number of samples closest to one cycle of `hz`."""
    return max(2, round(rate / hz))


def periodic(count: int, period: int, spectrum: Spectrum) -> Signal:
    """A steady tone of whole harmonics (integer ratios) of a `period`-sample cycle.

    Only one cycle is evaluated and the rest is that cycle repeated, a list copy far cheaper
    than a sine per sample. The price is pitch snapped to rate / period: a few cents off,
    which no one hears in a sound effect, and exactly in tune between notes that share a
    period (a just-intonation chord).
    """
    phase = list(map((TAU / period).__mul__, range(period)))
    cycle = partials(phase, spectrum, period / 2.0)
    return (cycle * (count // period + 1))[:count]


def noise(count: int, seed: int) -> Signal:
    """White noise in [-1, 1): random bytes are far cheaper than one random() per sample."""
    raw = array("b", random.Random(seed).randbytes(count))
    return list(map((1.0 / 128.0).__mul__, raw))


def lowpass(signal: Sequence[float], rate: int, cutoff: float) -> Signal:
    """One-pole low-pass: gentle 6 dB/octave, enough to round off a hiss."""
    alpha = 1.0 - math.exp(-TAU * cutoff / rate)
    out = []
    append = out.append
    y = 0.0
    for x in signal:
        y += alpha * (x - y)
        append(y)
    return out


def highpass(signal: Sequence[float], rate: int, cutoff: float) -> Signal:
    """What the matching low-pass removes: drops rumble and DC."""
    return list(map(sub, signal, lowpass(signal, rate, cutoff)))


def sweep_lowpass(signal: Sequence[float], rate: int, start_hz: float, end_hz: float) -> Signal:
    """One-pole low-pass whose cutoff glides between two frequencies: a card's swish.

    The smoothing coefficient itself moves geometrically between the two end values, so the
    loop needs no exp per sample; in between the cutoff still falls smoothly.
    """
    start = 1.0 - math.exp(-TAU * start_hz / rate)
    end = 1.0 - math.exp(-TAU * end_hz / rate)
    ratio = (end / start) ** (1.0 / max(1, len(signal) - 1))
    out = []
    append = out.append
    y = 0.0
    alpha = start
    for x in signal:
        y += alpha * (x - y)
        append(y)
        alpha *= ratio
    return out


def resonate(signal: Sequence[float], rate: int, freq: float, q: float) -> Signal:
    """Two-pole band-pass (unity gain at `freq`): a ringing body excited by a tick."""
    w = TAU * freq / rate
    alpha = math.sin(w) / (2.0 * q)
    norm = 1.0 / (1.0 + alpha)
    b0 = alpha * norm
    a1 = -2.0 * math.cos(w) * norm
    a2 = (1.0 - alpha) * norm
    out = []
    append = out.append
    x1 = x2 = y1 = y2 = 0.0
    for x in signal:
        y = b0 * (x - x2) - a1 * y1 - a2 * y2
        append(y)
        x2, x1 = x1, x
        y2, y1 = y1, y
    return out


def multiply(signal: Sequence[float], shape: Sequence[float]) -> Signal:
    return list(map(mul, signal, shape))


def mix_into(target: Signal, signal: Sequence[float], offset: int = 0, gain: float = 1.0) -> None:
    """Add `signal` (scaled by gain) into `target` from sample `offset`; overhang is dropped."""
    end = min(len(target), offset + len(signal))
    if end <= offset:
        return
    part = signal[: end - offset]
    if gain != 1.0:
        part = map(float(gain).__mul__, part)
    target[offset:end] = map(add, target[offset:end], part)


def to_pcm(signal: Signal, rate: int, level_db: float = -3.0, fade_in: float = 0.001,
           fade_out: float = 0.005) -> array:
    """Finish a signal as 16-bit PCM peaking at `level_db` dBFS.

    Both ends are faded to exactly zero, so the sound starts and stops without a click
    whatever the recipe left there.
    """
    out = list(signal)
    fade_edges(out, rate, fade_in, fade_out)
    peak = max(max(out), -min(out))
    if peak <= 0.0:
        return array("h", bytes(2 * len(out)))
    gain = FULL_SCALE * 10.0 ** (level_db / 20.0) / peak
    return array("h", list(map(int, map(gain.__mul__, out))))
