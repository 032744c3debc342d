#!/usr/bin/env bash
set -euo pipefail
# packages: tomcat10-docs
C=${CORPORA:-/work/corpora}/tomcat10-docs
rm -rf "$C"; mkdir -p "$C"
# The HTML pages and the three top-level text files of the Tomcat documentation web application, in their
# folders; images, fonts, PlantUML sources, the sample WAR and the webapp's own WEB-INF/META-INF are left out.
cd /usr/share/tomcat10-docs/docs
find . \( -name WEB-INF -o -name META-INF \) -prune -o -type f \( -name '*.html' -o -name '*.txt' \) -print \
  | sort | while read -r f; do mkdir -p "$C/$(dirname "$f")"; cp -pL "$f" "$C/$f"; done
