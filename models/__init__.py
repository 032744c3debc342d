"""The GGUF model boundary. Only this package imports ``llama_cpp``, and only lazily, inside the adapter."""
