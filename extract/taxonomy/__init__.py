"""The technique taxonomy (``data/taxonomy.toml``) and its rules.

:mod:`extract.taxonomy.rules` finds each tag's evidence in an abstract (strong and weak
mentions, passing mentions, context); :mod:`extract.learned.tags` combines that evidence with a
trained text classifier; the ``techniques`` stage (:mod:`extract.stages.techniques`) writes the
rows.
"""
