#!/usr/bin/env bash
# Fills in deploy/nginx/hobbystory-portal.conf for one machine and prints it:
#   tools/render-nginx-site.sh SERVER_NAME LISTEN TLS_CERTIFICATE TLS_KEY PORTAL > /etc/nginx/sites-available/hobbystory-portal
#   e.g. portal.example.org 443 /etc/letsencrypt/live/portal.example.org/fullchain.pem \
#        /etc/letsencrypt/live/portal.example.org/privkey.pem 127.0.0.1:8080
set -euo pipefail
[ $# -eq 5 ] || { sed -n '2,5p' "$0" >&2; exit 2; }
template="$(dirname "$0")/../deploy/nginx/hobbystory-portal.conf"
sed -e "s|@SERVER_NAME@|$1|g" -e "s|@LISTEN@|$2|g" -e "s|@TLS_CERTIFICATE@|$3|g" -e "s|@TLS_KEY@|$4|g" \
    -e "s|@PORTAL@|$5|g" "$template"
