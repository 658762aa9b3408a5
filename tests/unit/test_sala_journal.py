"""The hall's journal: append-only on disk, its state replayed from the rows, tokens that
stay, one confirmed result per table or a conflict."""

from __future__ import annotations

import sqlite3
from decimal import Decimal

import pytest

from xlwings_torneo.frontends.sala.security import RateLimit
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
    assert journal.confirm(sub, 2, device="tel2", address="127.0.0.6")
    journal.submit(2, 2, scores("10", "20"), 1, device="tel", address="127.0.0.5")
    again = Journal(journal.path)
    state = again.state
    assert state.tables == journal.state.tables and state.organiser == organiser
    [confirmed] = state.results(2, 1)
    assert [s.score for s in confirmed.scores] == [Decimal(40), Decimal("30.5")]
    assert state.confirmed_by[sub] == 2
    assert state.pending_submission(2, 2) is not None and state.pending_submission(2, 1) is None
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
    assert not journal.confirm(old, 2, device="", address="")
    assert journal.confirm(new, 1, device="", address="")
    assert not journal.confirm(new, 1, device="", address="")  # once
    assert [s.score for s in journal.state.results(1, 4)[0].scores] == [30, 40]


def test_two_different_confirmed_results_are_both_kept_as_a_conflict(journal, tmp_path):
    first = journal.submit(1, 2, scores("40", "30"), 1, device="", address="")
    journal.confirm(first, 2, device="", address="")
    other = Journal(journal.path)  # a second server on the same file
    second = other.submit(1, 2, scores("30", "40"), 1, device="", address="")
    other.confirm(second, 2, device="", address="")
    other.close()
    assert len(journal.refresh().results(1, 2)) == 2


def test_the_same_result_confirmed_twice_is_one_result(journal):
    for _ in range(2):
        sub = journal.submit(1, 3, scores("40", "30"), 1, device="", address="")
        journal.confirm(sub, 2, device="", address="")
    assert len(journal.state.results(1, 3)) == 1


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
    assert not state.confirmations[sub].flagged
    assert len(state.results(1, 1)) == 1 and state.contests == {}


def test_contests_acceptances_clearing_and_reopening_replay_in_order(journal):
    from xlwings_torneo.workbook.journal import ACCEPT, CLEAR, CLOSE, REOPEN

    first = journal.submit(2, 1, scores("40", "30"), 1, device="a b", address="x")
    assert journal.confirm(first, 2, device="a b", address="x", flagged=True)
    journal.contest(first, 2, "il 2 aveva 35", device="c d", address="y")
    state = Journal(journal.path).state
    assert state.confirmations[first].flagged and [c.reason for c in state.contests[(2, 1)]] \
        == ["il 2 aveva 35"]
    journal.append(ACCEPT, {"submission": first}, turno=2, tavolo=1)
    assert first in journal.state.accepted and (2, 1) not in journal.state.contests
    journal.submit(2, 2, scores("10", "20"), 1, device="", address="z")
    journal.append(CLEAR, {}, turno=2, tavolo=2)
    assert journal.state.pending_submission(2, 2) is None and journal.state.recent(2, 2) == []
    journal.append(CLOSE, {}, turno=2)
    journal.append(REOPEN, {}, turno=2, tavolo=1)
    assert journal.state.results(2, 1) == [] and (2, 1) in journal.state.reopened_tables
    journal.append(REOPEN, {}, turno=2)
    assert 2 not in journal.state.closed and 2 in journal.state.reopened
    again = Journal(journal.path).state
    for name in ("accepted", "closed", "reopened", "reopened_tables", "pending", "confirmed",
                 "contests", "since"):
        assert getattr(again, name) == getattr(journal.state, name), name
