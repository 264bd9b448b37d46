"""Whether to colour what is written to a stream: ``--color``, then the environment.

``--color always``/``never`` decide alone. Otherwise (``auto``) a non-empty ``NO_COLOR``
turns colour off (https://no-color.org) and a non-empty ``FORCE_COLOR`` turns it on, even
into a pipe; without either, colour goes to a terminal only, not to ``TERM=dumb``.

A Windows console shows the escape sequences as colours only once virtual terminal
processing is on for it: Windows Terminal has it on, the classic console (``conhost``)
has it off until a program asks. So colour on a Windows console asks for it, and stays
off where the console refuses (Windows before 10).
"""

from __future__ import annotations

import os
import sys
from typing import TextIO

ENABLE_VIRTUAL_TERMINAL_PROCESSING = 0x0004


def wants_colour(choice: str, stream: TextIO) -> bool:
    """Whether output to ``stream`` is coloured, for ``--color`` = ``choice``."""
    if choice == "never":
        return False
    if choice == "always" or (choice == "auto" and os.environ.get("FORCE_COLOR")):
        _terminal_colours(stream)  # a Windows console shows them, if it can
        return True
    if os.environ.get("NO_COLOR") or os.environ.get("TERM") == "dumb":
        return False
    if not _isatty(stream):
        return False
    return _terminal_colours(stream)


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (OSError, ValueError):  # closed
        return False


def _terminal_colours(stream: TextIO) -> bool:
    """Whether the terminal behind ``stream`` shows colour escapes (after asking a
    Windows console to)."""
    if sys.platform != "win32":
        return True
    return windows_virtual_terminal(stream) or bool(os.environ.get("WT_SESSION"))


def windows_virtual_terminal(stream: TextIO) -> bool:
    """Turn on virtual terminal processing for the Windows console behind ``stream``;
    whether it is on (False for a pipe, a file, or a console too old for it)."""
    if sys.platform != "win32":
        return False
    import ctypes
    import msvcrt
    from ctypes import wintypes

    try:
        handle = msvcrt.get_osfhandle(stream.fileno())
    except (AttributeError, OSError, ValueError):
        return False
    kernel32 = ctypes.WinDLL("kernel32", use_last_error=True)
    mode = wintypes.DWORD()
    if not kernel32.GetConsoleMode(handle, ctypes.byref(mode)):
        return False
    if mode.value & ENABLE_VIRTUAL_TERMINAL_PROCESSING:
        return True
    return bool(kernel32.SetConsoleMode(handle, mode.value | ENABLE_VIRTUAL_TERMINAL_PROCESSING))
