#!/usr/bin/env bash
set -euo pipefail
# packages: paramiko-doc python3-paramiko
# Debian 12's paramiko-doc (2.12.0-2) ships no Sphinx HTML at all: only README.rst, changelog.Debian.gz, copyright
# and examples/*.py. The paramiko API documentation (docs.paramiko.org is Sphinx autodoc of the docstrings) is
# therefore rendered here as plain text with pydoc from the same version's Debian module, python3-paramiko,
# one file per documented module: api/client.txt, api/transport.txt, ...
D=/usr/share/doc/paramiko-doc
C=${CORPORA:-/work/corpora}/paramiko-docs
rm -rf "$C" && mkdir -p "$C/api"
cp -p "$D/README.rst" "$C/README.rst"
gzip -dc "$D/changelog.Debian.gz" > "$C/changelog.Debian.txt"
/usr/bin/python3 - "$C/api" <<'PY'
import importlib
import pydoc
import re
import sys

MODULES = (
    "agent buffered_pipe channel client config file hostkeys kex_gss message packet pipe pkey rsakey dsskey "
    "ecdsakey ed25519key proxy server sftp sftp_attr sftp_client sftp_file sftp_handle sftp_server sftp_si "
    "ssh_exception ssh_gss transport"
).split()
for name in MODULES:
    module = importlib.import_module("paramiko." + name)
    text = pydoc.render_doc(module, "%s", renderer=pydoc.plaintext)
    text = re.sub(r" at 0x[0-9a-f]+>", ">", text)  # object addresses differ between runs
    text = text.replace("\0", "\\x00")  # a docstring (Message.get_byte) holds a raw NUL; write it as \x00
    with open(f"{sys.argv[1]}/{name}.txt", "w", encoding="utf-8") as out:
        out.write(text)
PY
