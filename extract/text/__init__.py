"""Text utilities shared by the readers and the extraction stages.

* :mod:`extract.text.normalize` -- white space, scrape repairs, dedup keys and stable ids;
* :mod:`extract.text.markup` -- the markup-free view with offsets into the original (and the one
  list of LaTeX text commands);
* :mod:`extract.text.sentences` -- the one sentence splitter (sentences, their ends, the first);
* :mod:`extract.text.phrases` -- fast whole-word lookup of many fixed phrases, and the
  prefilter that picks the regular expressions worth trying on a text.
"""
