"""The GGUF model boundary. Only this package imports ``llama_cpp``, and only lazily, inside the adapter."""

from models.threads import bound_spin_waiting

# llama.cpp's OpenMP runtime reads its wait policy once, when the library is loaded: set it before anything
# here can load it (see models.threads).
bound_spin_waiting()
