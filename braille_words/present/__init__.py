"""Shared presentation: the sentence catalogues and how a sentence is filled."""
