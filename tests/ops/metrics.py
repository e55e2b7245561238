"""Reading a /metrics page the way Prometheus does."""

from __future__ import annotations

from prometheus_client.parser import text_string_to_metric_families

__all__ = ["sample"]


def sample(page: str, name: str, **labels: str) -> float | None:
    """The value of the sample ``name`` with exactly these labels, or None if absent."""
    for family in text_string_to_metric_families(page):
        for found in family.samples:
            if found.name == name and found.labels == labels:
                return float(found.value)
    return None
