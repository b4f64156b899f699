"""``meld_testkit.language.foreign_phrases``: the other language's phrases on a page, from
the German catalogue."""

import pytest

from meld_testkit.language import foreign_phrases, read_catalogue, visible_text


def test_an_english_phrase_on_a_german_page_is_found():
    html = "<main><h2>Runde 2</h2><p>Time is up: finish the deal you are playing.</p></main>"
    assert foreign_phrases(html, "de") == ["Time is up: finish the deal you are playing"]


def test_a_german_phrase_on_an_english_page_is_found():
    html = "<p>Round 2</p><p>Die Zeit ist um: Spielen Sie das laufende Spiel fertig.</p>"
    assert foreign_phrases(html, "en") == ["Die Zeit ist um: Spielen Sie das laufende Spiel fertig"]


def test_a_page_in_its_own_language_has_none():
    german = "<p>Die Zeit ist um: Spielen Sie das laufende Spiel fertig.</p>"
    english = "<p>Time is up: finish the deal you are playing.</p>"
    assert foreign_phrases(german, "de") == [] and foreign_phrases(english, "en") == []


def test_a_message_with_placeholders_is_found_by_its_literal_parts():
    # "%(deals)s is sent and waits for the other side to confirm it."
    html = "<p>Deal 3 is sent and waits for the other side to confirm it.</p>"
    assert "is sent and waits for the other side to confirm it" in foreign_phrases(html, "de")


def test_attributes_a_reader_hears_count_and_scripts_do_not():
    html = (
        '<button aria-label="Not sent — tap again. What you typed is kept.">x</button>'
        "<script>var s = 'Time is up: finish the deal you are playing.';</script>"
    )
    assert foreign_phrases(html, "de") == ["Not sent — tap again. What you typed is kept"]
    assert "finish the deal" not in visible_text(html)


def test_phrases_of_fewer_than_three_words_and_parts_of_words_are_not_flagged():
    assert foreign_phrases("<p>Time left</p>", "de") == []
    assert foreign_phrases("<p>XTime is up: finish the deal you are playingX</p>", "de") == []


def test_only_translated_current_entries_are_read():
    messages = read_catalogue()
    assert messages and all(message.english and message.german for message in messages)
    assert not any(message.english == ("",) for message in messages)  # not the header


def test_a_language_other_than_german_or_english_is_refused():
    with pytest.raises(ValueError, match="language"):
        foreign_phrases("<p>x</p>", "fr")
