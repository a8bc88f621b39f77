#!/usr/bin/env bash
# How public/fonts was made from the fonts' latin variable files (as Google Fonts serves them;
# licences beside them): the weight axis cut to the weights the site uses (400 to 700), the
# Latin-1 and punctuation ranges kept, and only the OpenType features the site can use, so the
# two preloaded files weigh 57 kB instead of 86 kB (docs/performance-notes.md).
# Needs fontTools with Brotli (Debian: apt-get install python3-fonttools python3-brotli).
#
#   scripts/subset-fonts.sh SOURCE_DIR     (SOURCE_DIR holds the two original .woff2 files)
set -euo pipefail
source_dir=${1:?usage: scripts/subset-fonts.sh SOURCE_DIR}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for font in inter-latin-variable cormorant-garamond-latin-variable; do
  python3 -m fontTools.varLib.instancer "$source_dir/$font.woff2" wght=400:700 -o "$work/$font.ttf" -q
  python3 -m fontTools.subset "$work/$font.ttf" \
    --unicodes="U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+2000-206F,U+20AC,U+2122,U+2212" \
    --layout-features="kern,liga,calt,ccmp,locl,mark,mkmk,lnum,tnum" \
    --flavor=woff2 --output-file="public/fonts/$font.woff2"
done
ls -l public/fonts/*.woff2
