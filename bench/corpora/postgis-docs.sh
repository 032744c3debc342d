#!/usr/bin/env bash
set -euo pipefail
# packages: postgis-doc
# (The PostGIS 3.3.2 manual as Debian ships it: one single-page HTML file, postgis.html, about 3.5 MB, holding
#  every chapter (installation, data management, spatial queries, performance tips, the reference of every
#  function, raster, topology, address standardizer, tiger geocoder, FAQ, release notes). The package's images/
#  folder (pictures plus one credit line), style.css, copyright and changelogs are left out.)
C=${CORPORA:-/work/corpora}/postgis-docs
rm -rf "$C"; mkdir -p "$C"
cp -pL /usr/share/doc/postgis-doc/postgis.html "$C/postgis.html"
