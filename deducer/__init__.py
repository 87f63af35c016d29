"""deducer package."""
