"""The default `Tipologia di Torneo` list offers only what the federation's ranking places
(docs/stagione.md, "Il ranking nazionale"): a new workbook's dropdown cannot lead an organiser
to a tipologia that scores nothing because it is unknown."""

from xlwings_torneo.config.settings import load_config
from xlwings_torneo.scoring import national


def test_every_default_tipologia_is_one_the_national_ranking_recognises() -> None:
    offered = load_config().lists["tipologie"]
    assert offered
    assert [t for t in offered if national.find_kind(t) is None] == []


def test_the_default_list_offers_the_scoring_tipologie_of_a_single_event() -> None:
    kinds = {national.find_kind(t) for t in load_config().lists["tipologie"]}
    assert {national.Kind.OPEN, national.Kind.MASTER, national.Kind.RADUNO_NAZIONALE,
            national.Kind.INTERCLUB, national.Kind.CAMPIONATO} <= kinds
