#!/bin/bash
# Make sure the Debian packages needed to build, check and boot the series
# are installed: the "linux" group of the repository's one package list,
# scripts/ensure-packages (as root it installs what is missing, otherwise
# it prints the apt-get command and fails).
exec "$(dirname "$0")/../../scripts/ensure-packages" linux
