#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/manpages.sh"
# packages: podman buildah golang-github-containers-common golang-github-containers-image man-db groff-base bsdextrautils
# (The English manual pages of Podman 4.3 and Buildah 1.28 as Debian ships them: podman.1 and its podman-*.1
#  subcommand pages, buildah.1 and its buildah-*.1 pages, and the section-5 configuration pages the two packages
#  depend on: containers.conf.5, containers-mounts.conf.5, Containerfile.5 and containerignore.5 from
#  golang-github-containers-common, and the containers-*.5 pages (auth.json, certs.d, policy.json,
#  registries.conf, registries.conf.d, registries.d, signature, transports) from golang-github-containers-image.
#  The .containerignore.5 alias link is skipped. No translations are shipped.)
C=${CORPORA:-/work/corpora}/podman-manpages
rm -rf "$C"; mkdir -p "$C"
render_man_pages --grep '^/usr/share/man/man[0-9]/.*\.gz$' "$C" podman buildah \
  golang-github-containers-common golang-github-containers-image   # podman-run.1.txt, containers.conf.5.txt, ...
