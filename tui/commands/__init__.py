"""One module per ``carrel`` subcommand; each exposes ``register(subparsers)``."""
