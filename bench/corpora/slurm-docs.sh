#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "${BASH_SOURCE[0]}")/lib/sphinx.sh"
# packages: slurm-wlm-doc
# (The 130 HTML pages of the Slurm 22.05 documentation as Debian ships them in /usr/share/doc/slurm-wlm/html:
#  the guides (quickstart, job_array, qos, resource_limits, accounting, faq, ...) and the HTML renderings of the
#  manual pages (sbatch, srun, salloc, squeue, sacct, slurm.conf, ...). The package ships no man pages itself.
#  Left out: the two contributor-agreement PDFs, coding_style.pdf, stylesheets, fonts, scripts and images.)
C=${CORPORA:-/work/corpora}/slurm-docs
rm -rf "$C"; mkdir -p "$C"
copy_html_pages /usr/share/doc/slurm-wlm/html "$C"   # accounting.html, job_array.html, sbatch.html, ...
