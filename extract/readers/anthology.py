r"""ACL Anthology XML reader: a whole event (``<collection id="2024.acl">``) or one ``<volume>``.

This is the format of ``data/xml/*.xml`` in the ``acl-org/acl-anthology`` repository::

    <collection id="2024.acl">
      <volume id="long"><meta><booktitle>...</booktitle><year>2024</year><venue>acl</venue></meta>
        <paper id="1"><title><fixed-case>MAGE</fixed-case>: ...</title>
          <author><first>Yafu</first><last>Li</last></author> ...
          <abstract>... 3<tex-math>\\times</tex-math> ...</abstract><url>2024.acl-long.1</url>

Markup inside titles and abstracts (``<fixed-case>``, ``<b>``, ``<i>``, ``<url>``) is flattened to
its text; ``<tex-math>`` becomes ``$...$`` as in the other formats. Venue and year come from the
volume metadata and the collection id; volumes of a ``*.findings`` collection keep "Findings" as
their track; status and track of other volumes come from ``data/anthology_volumes.toml``.

Inputs may be hostile: a document with a DOCTYPE or ENTITY declaration is refused before it is
parsed (no entity expansion, no external entities).
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from extract.datafiles import load_toml
from extract.readers.common import as_year, collect
from extract.records import InputError, Problem, RawRecord
from extract.venues import canonical_venue, parse_venue_label, venue_from_booktitle

LANDING_PAGE = "https://aclanthology.org/{}/"
_DECLARATION = re.compile(r"<!\s*(?:DOCTYPE|ENTITY)", re.IGNORECASE)
_ROOT = re.compile(
    r"(?:<\?xml[^>]*\?>\s*)?(?:<!--.*?-->\s*)*<(?:collection|volume)[\s>]", re.DOTALL
)
_PAREN = re.compile(r"\(([^()]*)\)\s*$")


def looks_like_anthology(head: str) -> bool:
    """True when ``head`` (the start of a file) is XML or a ``<collection>``/``<volume>``.

    Any XML document goes to this reader, which refuses what is not Anthology XML.
    """
    doctype = head[:200].lower().startswith(("<!doctype collection", "<!doctype volume"))
    return head.startswith("<?xml") or bool(_ROOT.match(head)) or doctype


@dataclass(frozen=True)
class _Kind:
    status: str
    track: str
    volume_ids: tuple[str, ...]
    booktitle: tuple[str, ...]


@lru_cache(maxsize=1)
def _kinds() -> tuple[_Kind, ...]:
    return tuple(
        _Kind(k["status"], k["track"], tuple(k["volume_ids"]), tuple(k["booktitle"]))
        for k in load_toml("anthology_volumes.toml")["kind"]
    )


def _text(el: ET.Element | None) -> str:
    """The text of a title or abstract, markup flattened, ``<tex-math>`` kept as ``$...$``."""
    if el is None:
        return ""
    parts = [el.text or ""]
    for child in el:
        inner = _text(child)
        parts.append(f"${inner}$" if child.tag == "tex-math" else inner)
        parts.append(child.tail or "")
    return " ".join("".join(parts).split())


def _known_venue(name: str | None) -> str | None:
    """The canonical venue for a name in ``data/venues.toml``, else None."""
    if not name or not name.strip():
        return None
    found = parse_venue_label(f"{name.strip()} 2000")
    return found.venue if found else None


def _split_volume_url(url: str) -> tuple[str, str]:
    """``"2024.acl-long"`` -> ``("2024.acl", "long")``; ``"P19-1"`` -> ``("P19", "1")``."""
    collection, _, volume = url.strip().partition("-")
    return collection, volume


def _kind(volume_id: str, booktitle: str) -> tuple[str | None, str | None]:
    vid = volume_id.lower()
    for k in _kinds():
        if vid in k.volume_ids:
            return k.status, k.track
    m = _PAREN.search(booktitle)
    if m:
        inside = m.group(1).lower()
        for k in _kinds():
            if any(phrase in inside for phrase in k.booktitle):
                return k.status, k.track
    return None, None


def _authors(paper: ET.Element) -> list[str]:
    names = []
    for author in paper.findall("author"):
        first, last = _text(author.find("first")), _text(author.find("last"))
        name = " ".join(p for p in (first, last) if p) or _text(author)
        if name:
            names.append(name.replace(";", ","))
    return names


def _read_volume(
    vol: ET.Element,
    collection_id: str | None,
    source: str,
    path: Path,
    records: list[RawRecord],
    problems: list[Problem],
) -> None:
    meta = vol.find("meta")
    volume_id = vol.get("id") or ""
    booktitle = _text(meta.find("booktitle")) if meta is not None else ""
    meta_venues = [] if meta is None else [
        v.text.strip().lower() for v in meta.findall("venue") if v.text and v.text.strip()
    ]
    volume_url = (meta.findtext("url") or "").strip() if meta is not None else ""
    if not collection_id and volume_url:  # a single <volume> file
        collection_id, from_url = _split_volume_url(volume_url)
        volume_id = volume_id or from_url
    collection_id = collection_id or ""
    event = collection_id.split(".", 1)[1] if "." in collection_id else ""
    year = as_year(meta.findtext("year") if meta is not None else None) or as_year(collection_id)
    findings = (
        event.lower() == "findings"
        or "findings" in meta_venues
        or booktitle.lower().startswith("findings")
    )
    if findings:
        venue = _known_venue(volume_id) or venue_from_booktitle(booktitle)
        status, track = "Findings", "Findings"
    else:
        venue = next((v for v in map(_known_venue, [*meta_venues, event]) if v), None)
        venue = venue or venue_from_booktitle(booktitle)
        if not venue and meta_venues:
            venue = canonical_venue(meta_venues[0])
        status, track = _kind(volume_id, booktitle)
    for paper in vol.findall("paper"):
        url_id = (paper.findtext("url") or "").strip()
        if not url_id and collection_id and paper.get("id"):
            url_id = f"{collection_id}-{volume_id}.{paper.get('id')}"
        locator = f"paper {url_id}" if url_id else f"volume {volume_id} paper {paper.get('id')}"
        for gone in ("removed", "retracted"):
            if paper.find(gone) is not None:
                msg = f"paper {gone} from the Anthology; skipped"
                problems.append(Problem(source, locator, msg, "warning"))
                break
        else:
            url = url_id if url_id.startswith(("http://", "https://")) else (
                LANDING_PAGE.format(url_id) if url_id else None
            )
            mapping = {
                "title": _text(paper.find("title")),
                "abstract": _text(paper.find("abstract")),
                "authors": _authors(paper),
                "url": url,
                "venue": venue,
                "year": year,
                "track": track,
                "status": status,
            }
            collect(mapping, source, locator, path, records, problems)


def read(text: str, source: str, path: Path) -> tuple[list[RawRecord], list[Problem]]:
    """Read every paper with an abstract; papers without one are reported and skipped.

    Raises:
        InputError: a DOCTYPE/ENTITY declaration, malformed XML, or a root that is neither
            ``<collection>`` nor ``<volume>``.
    """
    if _DECLARATION.search(text):
        raise InputError(
            "XML with a DOCTYPE or ENTITY declaration refused (Anthology files have none)"
        )
    try:
        root = ET.fromstring(text)
    except ET.ParseError as exc:
        raise InputError(f"malformed XML: {exc}") from None
    if root.tag == "collection":
        collection_id, volumes = root.get("id"), root.findall("volume")
    elif root.tag == "volume":
        collection_id, volumes = None, [root]
    else:
        raise InputError(
            f"XML root is <{root.tag}>; expected an ACL Anthology <collection> or <volume>"
        )
    if not volumes:
        raise InputError("ACL Anthology XML without any <volume>")
    records: list[RawRecord] = []
    problems: list[Problem] = []
    for vol in volumes:
        _read_volume(vol, collection_id, source, path, records, problems)
    return records, problems
