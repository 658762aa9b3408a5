"""The hall's journal: append-only on disk, its state replayed from the rows, tokens that
stay, one confirmed result per table or a conflict."""

from __future__ import annotations

import sqlite3
from decimal import Decimal

import pytest

from tests.sala_helpers import confirmed_in, contested_in, results_of
from xlwings_torneo.frontends.sala.security import RateLimit
from xlwings_torneo.usecases.sala_rules import rounds_state, table_state
from xlwings_torneo.workbook.journal import CODE_ALPHABET, CODE_LENGTH, Journal, SeatScore


def scores(*values: str) -> list[SeatScore]:
    return [SeatScore(pid, Decimal(v)) for pid, v in enumerate(values, start=1)]


@pytest.fixture
def journal(tmp_path):
    j = Journal(tmp_path / "t_sala.sqlite")
    yield j
    j.close()


def test_rows_can_be_neither_changed_nor_deleted(journal):
    journal.submit(1, 1, scores("40", "30"), 1, device="d", address="a")
    db = sqlite3.connect(journal.path)
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("UPDATE events SET data = '{}'")
    with pytest.raises(sqlite3.DatabaseError, match="append-only"):
        db.execute("DELETE FROM events")
    db.close()


def test_the_journal_is_in_wal_mode(journal):
    db = sqlite3.connect(journal.path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    db.close()


def test_a_reopened_journal_replays_the_same_state(journal, tmp_path):
    journal.ensure_tokens(2, [1, 2, 3])
    organiser = journal.ensure_organiser()
    sub = journal.submit(2, 1, scores("40", "30.5"), 1, device="tel", address="127.0.0.5")
    assert confirmed_in(journal, sub, 2, device="tel2", address="127.0.0.6")
    journal.submit(2, 2, scores("10", "20"), 1, device="tel", address="127.0.0.5")
    again = Journal(journal.path)
    state = again.state
    assert state.tables == journal.state.tables and state.organiser == organiser
    [confirmed] = results_of(again, 2, 1)
    assert [s.score for s in confirmed.scores] == [Decimal(40), Decimal("30.5")]
    assert table_state(state, 2, 1).confirmations[sub].by == 2
    assert table_state(state, 2, 2).pending is not None and table_state(state, 2, 1).pending \
        is None
    again.close()


def test_tokens_are_issued_once_per_table_and_differ(journal):
    first = dict(journal.ensure_tokens(1, range(1, 26)).tables)
    second = journal.ensure_tokens(1, range(1, 26)).tables
    assert first == second
    assert len({a.token for a in first.values()}) == 25
    assert all(len(a.code) == CODE_LENGTH and set(a.code) <= set(CODE_ALPHABET)
               for a in first.values())
    assert all(len(a.token) >= 20 for a in first.values())


def test_a_stale_submission_cannot_be_confirmed(journal):
    old = journal.submit(1, 4, scores("40", "30"), 1, device="", address="")
    new = journal.submit(1, 4, scores("30", "40"), 2, device="", address="")
    assert not confirmed_in(journal, old, 2, device="", address="")
    assert confirmed_in(journal, new, 1, device="", address="")
    assert not confirmed_in(journal, new, 1, device="", address="")  # once
    assert [s.score for s in results_of(journal, 1, 4)[0].scores] == [30, 40]


def test_two_different_confirmed_results_are_both_kept_as_a_conflict(journal, tmp_path):
    first = journal.submit(1, 2, scores("40", "30"), 1, device="", address="")
    confirmed_in(journal, first, 2, device="", address="")
    other = Journal(journal.path)  # a second server on the same file
    second = other.submit(1, 2, scores("30", "40"), 1, device="", address="")
    confirmed_in(other, second, 2, device="", address="")
    other.close()
    assert len(results_of(journal, 1, 2)) == 2


def test_the_same_result_confirmed_twice_is_one_result(journal):
    for _ in range(2):
        sub = journal.submit(1, 3, scores("40", "30"), 1, device="", address="")
        confirmed_in(journal, sub, 2, device="", address="")
    assert len(results_of(journal, 1, 3)) == 1


def test_a_rate_limit_counts_per_address_over_a_sliding_window():
    now = [0.0]
    limit = RateLimit(3, window=60, clock=lambda: now[0])
    assert [limit.allow("a") for _ in range(4)] == [True, True, True, False]
    assert limit.allow("b")
    assert limit.blocked("a")
    now[0] = 61
    assert limit.allow("a") and not limit.blocked("a")


def test_a_journal_written_before_flags_and_contests_replays_as_it_was(journal):
    """Old journals stay readable: a confirmation without the `flagged` key counts."""
    journal.ensure_tokens(1, [1])
    sub = journal.submit(1, 1, scores("40", "30"), 1, device="tel", address="127.0.0.5")
    db = sqlite3.connect(journal.path)  # a row exactly as the server of issue 25 wrote it
    db.execute("INSERT INTO events (at, kind, turno, tavolo, data, device, address) VALUES "
               "('2026-01-01T10:00:00.000+00:00', 'conferma', 1, 1, ?, 'tel', '127.0.0.5')",
               (f'{{"by": 2, "submission": {sub}}}',))
    db.commit()
    db.close()
    state = Journal(journal.path).state
    table = table_state(state, 1, 1)
    assert not table.confirmations[sub].flagged and not table.doubts(state.submissions[sub])
    assert len(table.results()) == 1 and table.contests == []


def test_contests_acceptances_clearing_and_reopening_replay_in_order(journal):
    from xlwings_torneo.workbook.journal import ACCEPT, CLEAR, CLOSE, REOPEN

    first = journal.submit(2, 1, scores("40", "30"), 1, device="a b", address="x")
    assert confirmed_in(journal, first, 2, device="a b", address="x", flagged=True)
    contested_in(journal, first, 2, "il 2 aveva 35", device="c d", address="y")
    state = Journal(journal.path).state
    table = table_state(state, 2, 1)
    assert table.confirmations[first].flagged and [c.reason for c in table.contests] \
        == ["il 2 aveva 35"]
    journal.append(ACCEPT, {"submission": first}, turno=2, tavolo=1)
    table = table_state(journal.state, 2, 1)
    assert first in table.accepted and table.contests == []
    journal.submit(2, 2, scores("10", "20"), 1, device="", address="z")
    journal.append(CLEAR, {}, turno=2, tavolo=2)
    assert table_state(journal.state, 2, 2).pending is None
    journal.append(CLOSE, {}, turno=2)
    journal.append(REOPEN, {}, turno=2, tavolo=1)
    assert results_of(journal, 2, 1) == [] and (2, 1) in rounds_state(journal.state)\
        .reopened_tables
    journal.append(REOPEN, {}, turno=2)
    rounds = rounds_state(journal.state)
    assert 2 not in rounds.closed and 2 in rounds.reopened
    again = Journal(journal.path).state
    assert rounds_state(again) == rounds
    for key in ((2, 1), (2, 2)):
        assert table_state(again, *key) == table_state(journal.state, *key)


def test_the_journal_stores_events_and_decides_nothing():
    """Issue 38: what makes a result confirmed is the hall's rules', not the journal's."""
    from xlwings_torneo.workbook import journal as module

    assert not hasattr(module.JournalState, "results")
    assert not hasattr(module.Journal, "confirm")
    assert "pending" not in module.JournalState.__dataclass_fields__


def test_new_addresses_cannot_flush_the_memory_of_a_blocked_one():
    """Issue 38: 10,001 addresses in 11 s used to wipe the limiter's memory."""
    now = [0.0]
    limit = RateLimit(3, window=60, clock=lambda: now[0], addresses=50)
    for _ in range(3):
        limit.allow("guesser")
    assert limit.blocked("guesser")
    for i in range(500):  # ten times the memory, each new address once
        now[0] += 0.01
        limit.allow(f"10.0.{i // 250}.{i % 250}")
    assert limit.blocked("guesser") and not limit.allow("guesser")
