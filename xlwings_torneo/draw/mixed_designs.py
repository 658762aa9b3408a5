"""Repeat-free schedules for the Open's tables of 4 and 5 (`plan_tables(n, FOUR_FIVE)`), in
which the seats at tables of 5 are also spread as the FIVE criterion requires round by
round, so that the draw can follow them without breaking FIVE (`engine.draw_round` drops a
planned round that is worse than FIVE's bound).

Found by our own search, `bench/find_mixed_schedules.py` (seed and budget beside each
schedule). What is known: ⌊(n-1)/3⌋ rounds is only a counting bound here (a player meets at
least 3 new opponents a round); Miller, Valkov & Abel, Symmetry 18(2):269, 2026
(doi:10.3390/sym18020269) study schedules with groups of adjacent sizes such as 4 and 5,
but their tables were not available to us: the maxima for these shapes are unknown here,
and the lengths below are what our search found.

Stored as text: one string a round, tables separated by spaces, the player with label i
written as ALPHABET[i]; round 0 seats 0 … n-1 table by table. The order of the rounds
matters (FIVE fairness is checked in this order). `tests/unit/test_draw_mixed_designs.py`
checks each schedule: the Open's table sizes, everyone every round, each pair at most once,
FIVE fair round by round.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..formats import SizeScheme
from .designs import Schedule
from .sizes import plan_tables

ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
"""Player labels: the character at index i is player i (up to 62 players)."""

MIXED: dict[int, tuple[str, ...]] = {
    30: (  # 5×4 + 2×5: 6 rounds of at most 9; seed 1, 30000 iterations
        "0123 4567 89AB CDEF GHIJ KLMNO PQRST",
        "16KT 37MP CHLS 8GOR ADNQ 259FJ 04BEI",
        "49OS BJKP 5IMQ 2ENT 0FLR 17ACG 368DH",
        "AFMS 15OP 3EGL 4DJT 28IK 7BHNR 069CQ",
        "0AHT 34CR 6FNP 2BOQ 79IL 18EJM 5DGKS",
        "58CN EHKQ 19DR 6BGM 07JS 3FIOT 24ALP",
    ),
    45: (  # 10×4 + 1×5: 10 rounds of at most 14; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efghi",
        "HRTh 0ASg 29OW 5JYa DPUc 78VZ 6CLe 4Qdi 3FKb BIMf 1EGNX",
        "1FPf 58CI 9KSi 2HZc BYdg 6AMR 3UXa DJNb 7GQh EOTe 04LVW",
        "1Vce BKUh AEQY 4HOf 0CNT 68PX DZai 9ILg GSWb 37JM 25FRd",
        "3ANV 09Ud 7Rcg 5HXb FLYi GPTZ EWaf 18Sh 2CMQ 4BJe 6DIKO",
        "IWde 26SY 7BEb HMVi 8DLQ FGOc 0RXf 349T 5NPh 1Kag ACJUZ",
        "4CSa 9Jch 7AOX 3DGe NUWg 0FQZ 5KVf 2BLP EIRi 16Hd 8MTYb",
        "5OZg EVdh 9DMX 6GUf 14Rb 28Ji ALTa CHKW 7FIN 0PYe 3BQSc",
        "06bi 1BCO GRVY KQTX 24Eg 8Ncf 3IZh 5ADW FMUe JLSd 79HPa",
        "27DT CXci 6BFW 38EH JPVg NRSe 159Q 4IUY LZbf AGKd 0MOah",
    ),
    59: (  # 11×4 + 3×5: 12 rounds of at most 19; seed 1, 8000 iterations
        "0123 4567 89AB CDEF GHIJ KLMN OPQR STUV WXYZ abcd efgh ijklm nopqr stuvw",
        "48Ik 0Acv JYhj 2ENR 3PSo MZmr fiqs DGau 7Tpw 5Hln 6Bbt 19OXe CLQVd FKUWg",
        "2CKY 0Idm 7LSs Oalq Qgnw 16Gv 59ot 8Fei Xkru NVWj EMUp BDPcf 34HZh AJRTb",
        "JPUu TWit Rcjo 4FVv Xdns AQer BOZp 3Lbf Cgkq 1Dhl 9Hmw 58EGK 27IMa 06NSY",
        "1NUm 249S 7Chr 6Wlp GQft EVkn Mciu 8HRq 0Pbg 5Yes 3Kdv BJLXa AFOjw DITZo",
        "3GOi FHLt RZen 9Wcr 6Qho 2BUs 4KTa Pdjp ACIX JSlw DNkv 7EYgm 15Mbq 08Vfu",
        "1Ccp ADLi EZfl Sagj 7JOV BNow 8Ynv 9Ibu 0FMh 35QT KXmq 4GRWs 2Pekt 6HUdr",
        "DXgt EWbo 4BYr 2FJm 5Aaf GLej MOks 07RU 1HPV 8Zdw 6Tqu IKchn QSipv 39CNl",
        "Uahw 5Zgv Kfko DRSd 1FQu 2Hbp 4NPX 6EIi 7Bjq 8LOr 09Ts GVYcl 3Amnt CJMWe",
        "CGUn JKrs 9MQY 8Tgl ANdu 3Ece 26Zj Obmv 1IRf LPWh Vapt 5BFSk 7HXio 04Dqw",
        "4AMl 05Jp Ybiw Cmou 17Wn BEHQ GNgr 3FRX LZck ISqt DKVe 68Pas 9Ufjv 2OTdh",
        "AHYk 4COt aeov Vhms MSfn 36DJ 8UXc FIPl 9Gdq 0BKi 25Ww 1ETjr LRgpu 7NQZb",
    ),
}
"""Players → the rounds of the schedule (see the module's docstring)."""


def open_sizes(n: int) -> tuple[int, ...]:
    """The Open's table sizes for n players (tables of 4, then those of 5)."""
    return plan_tables(n, SizeScheme.FOUR_FIVE).real_sizes


def decode(lines: Sequence[str], n: int) -> Schedule:
    """Stored rounds as tables of labels 0 … n-1."""
    del n  # the labels carry it; kept for symmetry with the encoder
    return tuple(tuple(tuple(ALPHABET.index(c) for c in table) for table in line.split())
                 for line in lines)


def five_fair(schedule: Schedule) -> bool:
    """True when every round seats at its tables of 5 players who, given the schedule's
    earlier rounds, have sat at no more fives than any player left out (the FIVE bound,
    `bounds.lower_bound`: the seats go to the players with the fewest earlier fives)."""
    counts: dict[int, int] = {}
    for rnd in schedule:
        chosen = {p for t in rnd if len(t) == 5 for p in t}
        others = {p for t in rnd if len(t) != 5 for p in t}
        if chosen and others and \
                max(counts.get(p, 0) for p in chosen) > min(counts.get(p, 0) for p in others):
            return False
        for p in chosen:
            counts[p] = counts.get(p, 0) + 1
    return True


def five_blocks_second_round(n: int) -> bool:
    """True when the Open's FIVE criterion leaves no second round without a repeat.

    With t tables of 4 and f of 5 (f ≤ 3), FIVE gives round 2's 5f seats at fives to the 4t
    players who had none first. If 4t ≥ 5f, the 5f players of round 1's fives all sit at
    tables of 4, and the 5 of one table need 5 different ones: t ≥ 5. If 4t < 5f, the 4t
    seats at tables of 4 go to players of round 1's fives, at most t from each of its f
    tables, so 4t ≤ f·t: impossible. Hence 17, 18, 19, 21, 22, 23, 26, 27 and 31 players
    have one repeat-free round only (FIVE comes before REPEAT in the Open's criteria)."""
    sizes = open_sizes(n)
    fours, fives = sizes.count(4), sizes.count(5)
    return fives > 0 and (4 * fours < 5 * fives or fours < 5)


@cache
def mixed_schedule(n: int) -> Schedule | None:
    """The stored schedule of n players at the Open's tables of 4 and 5, or None."""
    return decode(MIXED[n], n) if n in MIXED else None
