#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0
"""rcuos front end to Debian's kconfiglib (package python3-kconfiglib).

  kconfig.py defconfig FILE       .config := FILE completed with defaults
  kconfig.py olddefconfig         complete .config with defaults for new symbols
  kconfig.py savedefconfig OUT    write the minimal config giving .config
  kconfig.py syncconfig HEADER    normalise .config, then write the C header
  kconfig.py menuconfig           interactive editor (curses)
  kconfig.py listnewconfig        symbols .config does not set yet
  kconfig.py configtext OUT.c     C file defining kernel_config_text[], the
                                  .config for the shell's 'config' command

The .config path comes from $KCONFIG_CONFIG (default .config), the top
Kconfig file from $KCONFIG (default Kconfig in the current directory).
Exit status 1 on any error; a defconfig that assigns an unknown symbol or a
value Kconfig does not accept is an error, so typos in configs/ are caught.
"""

import os
import sys

try:
    import kconfiglib
except ImportError:
    # python3 may be a pyenv/venv interpreter that does not see Debian's
    # dist-packages; kconfiglib is pure Python, so borrow it from there.
    sys.path.append("/usr/lib/python3/dist-packages")
    try:
        import kconfiglib
    except ImportError:
        sys.exit("kconfig: python3 module kconfiglib not found; "
                 "run scripts/ensure-packages build")

HEADER = "/*\n * Automatically generated file; DO NOT EDIT.\n * rcuos configuration\n */\n"


def config_path():
    return os.environ.get("KCONFIG_CONFIG", ".config")


def load_kconfig():
    kconf = kconfiglib.Kconfig(os.environ.get("KCONFIG", "Kconfig"),
                               warn_to_stderr=False, suppress_traceback=True)
    kconf.warn_assign_undef = True
    kconf.warn_assign_override = True
    kconf.warn_assign_redun = True
    return kconf


def value_errors(kconf):
    """Assignments in the loaded file that did not take effect."""
    errs = []
    for sym in kconf.unique_defined_syms:
        if sym.user_value is None or sym.choice:
            continue
        want = sym.user_value
        if sym.orig_type in (kconfiglib.BOOL, kconfiglib.TRISTATE):
            want = kconfiglib.TRI_TO_STR[want]
        if str(want) != sym.str_value:
            errs.append("CONFIG_%s=%s was requested but the value is %s "
                        "(check its dependencies and range)"
                        % (sym.name, want, sym.str_value or "unset"))
    return errs


def load(kconf, path, strict):
    if not os.path.exists(path):
        sys.exit("kconfig: %s does not exist" % path)
    kconf.load_config(path)
    problems = list(kconf.warnings)     # these name the file and line
    if strict:
        problems += ["%s: %s" % (path, e) for e in value_errors(kconf)]
    for w in problems:
        print(w, file=sys.stderr)
    if strict and problems:
        sys.exit("kconfig: %s: %d problem(s), not applied" % (path, len(problems)))


def write_config(kconf):
    path = config_path()
    d = os.path.dirname(path)
    if d:
        os.makedirs(d, exist_ok=True)
    msg = kconf.write_config(path, save_old=True)
    if "No change" not in msg:
        print("  KCONFIG %s" % path)


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    cmd, args = argv[1], argv[2:]
    kconf = load_kconfig()

    if cmd == "defconfig" and len(args) == 1:
        load(kconf, args[0], strict=True)
        write_config(kconf)
    elif cmd == "olddefconfig" and not args:
        load(kconf, config_path(), strict=False)
        write_config(kconf)
    elif cmd == "savedefconfig" and len(args) == 1:
        load(kconf, config_path(), strict=False)
        kconf.write_min_config(args[0])
        print("  SAVE    %s" % args[0])
    elif cmd == "syncconfig" and len(args) == 1:
        load(kconf, config_path(), strict=False)
        write_config(kconf)
        os.makedirs(os.path.dirname(args[0]) or ".", exist_ok=True)
        kconf.write_autoconf(args[0], HEADER)
        # Touch even when unchanged: objects depend on the header's mtime,
        # and the header must end up newer than the .config it came from.
        os.utime(args[0])
        print("  GEN     %s" % args[0])
    elif cmd == "menuconfig" and not args:
        try:
            import menuconfig
        except ImportError:
            sys.path.append("/usr/lib/python3/dist-packages")
            import menuconfig
        if os.path.exists(config_path()):
            kconf.load_config(config_path())
        os.environ["KCONFIG_CONFIG"] = config_path()
        print(menuconfig.menuconfig(kconf))
    elif cmd == "listnewconfig" and not args:
        load(kconf, config_path(), strict=False)
        for sym in kconf.unique_defined_syms:
            if sym.user_value is None and sym.config_string and sym.visibility:
                print(sym.config_string, end="")
    elif cmd == "configtext" and len(args) == 1:
        with open(config_path()) as f:
            lines = [l.rstrip("\n") for l in f
                     if l.startswith(("CONFIG_", "# CONFIG_"))]
        out = ["/* Generated by scripts/kconfig.py from %s; do not edit. */" % config_path(),
               "extern const char kernel_config_text[];",
               "const char kernel_config_text[] ="]
        out += ['\t"%s\\n"' % l.replace("\\", "\\\\").replace('"', '\\"') for l in lines]
        out[-1] += ";" if lines else ""
        if not lines:
            out.append('\t"";')
        tmp = args[0] + ".tmp"
        with open(tmp, "w") as f:
            f.write("\n".join(out) + "\n")
        os.replace(tmp, args[0])
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
