"""Placeholder: filled in by the op definitions of this group."""
