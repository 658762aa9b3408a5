"""How close two spellings are: the nearest known name to a mistyped one (`--tipo Mastr` ->
`MasterRisiko`, `--tip` -> `--tipo`, `sortegia` -> `sorteggia`), and the names in
`Iscritti` that may be one person typed twice.

The distance is the optimal string alignment distance: Levenshtein's insertions,
deletions and substitutions (V. I. Levenshtein, "Binary codes capable of correcting
deletions, insertions and reversals", Soviet Physics Doklady 10(8), 1966) plus the
transposition of two adjacent letters (F. J. Damerau, "A technique for computer detection
and correction of spelling errors", CACM 7(3), 1964), the typist's four usual slips.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence


def edit_distance(a: str, b: str, limit: int) -> int:
    """The optimal string alignment distance of `a` and `b`, or `limit + 1` as soon as it
    is known to exceed `limit` (bounded work for long strings: O(len(a) * len(b)))."""
    if abs(len(a) - len(b)) > limit:
        return limit + 1
    before: list[int] | None = None
    previous = list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if (before is not None and i > 1 and j > 1 and ca == b[j - 2]
                    and a[i - 2] == cb):
                current[j] = min(current[j], before[j - 2] + 1)
        if min(current) > limit:
            return limit + 1
        before, previous = previous, current
    return min(previous[-1], limit + 1)


def typo_limit(text: str) -> int:
    """**Decision**: how many slips a name may hold and still be recognised: one up to 5
    letters, two from 6 on (`Mastr` is one slip from `Maste(r)`)."""
    return 1 if len(text) <= 5 else 2


def nearest(typed: str, known: Sequence[str],
            key: Callable[[str], str] = str.casefold) -> str | None:
    """The known name the organiser most likely meant, or None when none is close.

    First by prefix (`Mast` -> `MasterRisiko`), then by a part of the name (`Gufo` ->
    `TorneoGufo`), then by the distance of what was typed from
    the start of each name (`Mastr` -> `MasterRisiko`: one slip from `Maste`) and from the
    whole name (`Opne` -> `Open`); on a tie the shorter, then the first listed, wins."""
    target = key(typed)
    if not target:
        return None
    keys = [(key(name), name) for name in known]
    prefixed = [name for k, name in keys if k.startswith(target)]
    if prefixed and len(target) >= 2:
        return min(prefixed, key=len)
    inside = [name for k, name in keys if target in k]
    if inside and len(target) >= 3:  # `Gufo` -> `TorneoGufo`, `catan` -> `BIG_Catan`
        return min(inside, key=len)
    limit = typo_limit(target)
    best: tuple[int, bool, int, int] | None = None
    chosen = None
    for index, (k, name) in enumerate(keys):
        whole = edit_distance(target, k, limit)
        start = min(edit_distance(target, k[:n], limit)
                    for n in (len(target) - 1, len(target), len(target) + 1)
                    ) if len(target) >= 3 else whole
        score = min(whole, start)
        rank = (score, whole > score, len(k), index)  # a whole-name match wins a tie
        if score <= limit and (best is None or rank < best):
            best, chosen = rank, name
    return chosen


def nearest_few(typed: str, known: Sequence[str], key: Callable[[str], str] = str.casefold,
                count: int = 3) -> list[str]:
    """The `count` known names nearest to `typed`, however far: `nearest`'s choice first,
    then by distance from the whole name (shorter first on a tie), for a message that
    names a few instead of listing them all."""
    target = key(typed)
    limit = max([len(target), *(len(key(name)) for name in known)])
    ranked = sorted(known, key=lambda name: (edit_distance(target, key(name), limit),
                                             len(name)))
    first = nearest(typed, known, key)
    return ([first] if first else []) + [n for n in ranked if n != first][:count - bool(first)]
