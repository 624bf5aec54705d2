"""Generic method phrases: "speculative decoding", "hard negative sampling", "beam search".

Names ("LoRA", "GPT-4") come from :mod:`extract.names`; this package finds the techniques an
abstract names in ordinary words, which no vocabulary lists ahead of time.

* :mod:`extract.phrases.candidates` -- candidate spans: parts of noun phrases (tagged by the
  keyword tagger's look-up tables) that end on a noun, and "X of Y" ("mixture of experts");
* :mod:`extract.phrases.concepts` -- one concept per technique: case, plurals, hyphens and
  function words folded ("LLM-as-a-judge" = "LLM judges"), the acronym the abstract defines,
  the vocabulary's canonical name;
* :mod:`extract.phrases.model` -- a logistic regression over each candidate's words, head,
  corpus frequency, context and shape (``extract/data/phrase_model.npz``, trained on the dev
  labels by ``scripts/train_phrase_model.py``) scores which candidates are method phrases, and
  a second one their role;
* :mod:`extract.phrases.tagger` -- two small convolutional token taggers: one reads where
  method phrases lie, the other (the role tagger) whether a phrase is the paper's own;
* :mod:`extract.phrases.select` -- gradient-boosted trees keep an abstract's concepts from the
  two views (their probability is the row's confidence); a kept concept's role mixes the role
  regression with the role tagger.

:func:`find_phrases` is the entry point used by the ``methods`` stage.
"""

from extract.phrases.model import Phrase, find_phrases

__all__ = ["Phrase", "find_phrases"]
