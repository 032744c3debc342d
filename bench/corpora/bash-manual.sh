#!/usr/bin/env bash
set -euo pipefail
# packages: bash-doc
C=${CORPORA:-/work/corpora}/bash-manual
rm -rf "$C"
D=/usr/share/doc/bash
mkdir -p "$C/examples/startup-files" "$C/examples/bash-completion" "$C/examples/shellmath"
cp $D/bashref.html $D/bash.html "$C/"
cp $D/examples/INDEX.txt "$C/examples/INDEX.txt"
cp $D/examples/startup-files/README "$C/examples/startup-files/README.txt"
cp $D/examples/bash-completion/README "$C/examples/bash-completion/README.txt"
cp $D/examples/shellmath/README.md "$C/examples/shellmath/README.md"
