#!/bin/bash
# Make sure the Debian packages needed to build, check and boot the series
# are installed.  As root, missing packages are installed with apt-get;
# otherwise the exact command is printed and the script fails.
set -euo pipefail
PKGS="linux-source-6.12 build-essential flex bison bc cpio libelf-dev libssl-dev
      sparse ccache qemu-system-x86 xz-utils git perl python3"
missing=""
for p in $PKGS; do
	dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
		missing="$missing $p"
done
[ -z "$missing" ] && exit 0
if [ "$(id -u)" = 0 ]; then
	echo "[linux] installing:$missing" >&2
	DEBIAN_FRONTEND=noninteractive apt-get install -y $missing
else
	echo "[linux] missing packages; run as root:" >&2
	echo "apt-get install -y$missing" >&2
	exit 1
fi
