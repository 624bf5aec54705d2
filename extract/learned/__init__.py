"""Learned components: linear models trained by seeded scripts and shipped as data.

* :mod:`extract.learned.bag` -- the words and word pairs of a text, as model features;
* :mod:`extract.learned.linear` -- a linear model stored as a ``.npz`` file (vocabulary,
  weights, biases) and scored with numpy only: no scikit-learn at run time;
* :mod:`extract.learned.tags` -- technique tags: the taxonomy rules' evidence and a text
  classifier trained on the corpus, combined by a model trained on the dev labels.

Training scripts: ``scripts/train_tag_model.py``, ``scripts/train_phrase_model.py`` (both need
the ``train`` extra and ``../shared/corpora``; fixed seeds).
"""
