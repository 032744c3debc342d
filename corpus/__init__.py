"""Finding and reading the user's documents: walking folders safely, extracting text, splitting passages."""
