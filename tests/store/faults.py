"""A disk that refuses to write, for the statistics' writes alone."""

import errno
import os

FAILING = "Your statistics could not be saved (No space left on device)."


def full_disk(*args, **kwargs):
    raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
