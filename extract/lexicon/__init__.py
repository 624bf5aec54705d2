"""Lexical resources shared by the keyword stage and the method-phrase layer, light to import
(no spaCy, no models): part-of-speech tags by look-up (:mod:`extract.lexicon.tagger`), word
helpers, stop words and word units (:mod:`extract.lexicon.words`), corpus document frequencies
(:mod:`extract.lexicon.docfreq`).
"""
