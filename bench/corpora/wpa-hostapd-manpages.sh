#!/usr/bin/env bash
set -euo pipefail
# packages: wpasupplicant hostapd man-db bsdextrautils
C=${CORPORA:-/work/corpora}/wpa-hostapd-manpages
rm -rf "$C"; mkdir -p "$C"
W=/usr/share/doc/wpasupplicant; H=/usr/share/doc/hostapd
mkdir -p "$C/man" "$C/wpasupplicant/examples" "$C/hostapd/examples"
for p in /usr/share/man/man8/wpa_supplicant.8.gz /usr/share/man/man5/wpa_supplicant.conf.5.gz \
         /usr/share/man/man8/wpa_cli.8.gz /usr/share/man/man8/wpa_passphrase.8.gz \
         /usr/share/man/man8/wpa_action.8.gz /usr/share/man/man8/wpa_background.8.gz \
         /usr/share/man/man8/hostapd.8.gz /usr/share/man/man1/hostapd_cli.1.gz; do
  n=$(basename "$p" .gz)
  LC_ALL=C MANWIDTH=80 man --nh -l -P cat "$p" 2>/dev/null | col -bx > "$C/man/$n.txt"
done
for f in README README-DPP README-HS20 README-P2P README-WPS README.Debian NEWS.Debian; do
  zcat "$W/$f.gz" > "$C/wpasupplicant/$f.txt"; done
zcat "$W/changelog.gz" > "$C/wpasupplicant/ChangeLog.txt"
zcat "$W/changelog.Debian.gz" > "$C/wpasupplicant/changelog.Debian.txt"
for f in wpa_supplicant.conf wpa-roam.conf wpa2-eap-ccmp.conf wpa-psk-tkip.conf ieee8021x.conf wep.conf \
         plaintext.conf openCryptoki.conf; do
  cp "$W/examples/$f" "$C/wpasupplicant/examples/$f.txt"; done
for f in README README-MULTI-AP README-WPS NEWS.Debian; do zcat "$H/$f.gz" > "$C/hostapd/$f.txt"; done
cp "$H/README.Debian" "$C/hostapd/README.Debian.txt"
zcat "$H/changelog.gz" > "$C/hostapd/ChangeLog.txt"
zcat "$H/changelog.Debian.gz" > "$C/hostapd/changelog.Debian.txt"
for f in hostapd.conf hostapd.accept hostapd.deny hostapd.eap_user hostapd.wpa_psk hostapd.radius_clients; do
  cp "$H/examples/$f" "$C/hostapd/examples/$f.txt"; done
