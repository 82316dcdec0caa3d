"""Python indexes strings by code point; rulewright's offsets are UTF-16 units (JavaScript's)."""

from bisect import bisect_left

import regex

_ASTRAL = regex.compile("[\U00010000-\U0010ffff]")


class Utf16Offsets:
    """Converts code point offsets of one text to UTF-16 offsets (identity when nothing is astral)."""

    __slots__ = ("astral",)

    def __init__(self, text: str) -> None:
        self.astral = None if text.isascii() else [m.start() for m in _ASTRAL.finditer(text)] or None

    def to_utf16(self, i: int) -> int:
        # Each astral character before i takes two UTF-16 units.
        return i if self.astral is None else i + bisect_left(self.astral, i)

    def to_cp(self, u: int) -> int:
        """The code point offset of a UTF-16 offset (gold spans are given in UTF-16 units)."""
        if self.astral is None:
            return u
        # The j-th astral character starts at UTF-16 offset astral[j] + j.
        lo, hi = 0, len(self.astral)
        while lo < hi:
            mid = (lo + hi) // 2
            if self.astral[mid] + mid < u:
                lo = mid + 1
            else:
                hi = mid
        return u - lo
