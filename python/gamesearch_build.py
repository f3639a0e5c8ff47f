"""The package's build backend: setuptools's own (setuptools.build_meta)
when the `wheel` package is there, as it is for most Pythons; otherwise
(a fresh Debian venv has pip and setuptools but not wheel, and setuptools
before 70.1 needs it to write a wheel) the same setup.py build, packed
into a wheel here, so that `pip install --no-build-isolation --no-index .`
works offline in any venv."""
import base64
import hashlib
import os
import re
import subprocess
import sys
import sysconfig
import tempfile
import zipfile

try:
    import wheel  # noqa: F401  (setuptools's bdist_wheel needs it)
except ImportError:
    _HAVE_WHEEL = False
else:
    _HAVE_WHEEL = True

if _HAVE_WHEEL:
    from setuptools.build_meta import *  # noqa: F401,F403
else:
    from setuptools.build_meta import build_sdist  # noqa: F401
    from setuptools.build_meta import get_requires_for_build_sdist  # noqa: F401

    ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

    def _project():
        with open(os.path.join(ROOT, "pyproject.toml")) as f:
            text = f.read()
        fields = {}
        for key in ("name", "version", "description", "requires-python"):
            m = re.search(r'^%s = "(.*)"$' % key, text, re.M)
            fields[key] = m.group(1) if m else ""
        return fields

    def _tag():
        impl = "cp%d%d" % sys.version_info[:2]
        plat = re.sub(r"[-.]", "_", sysconfig.get_platform())
        return "%s-%s-%s" % (impl, impl, plat)

    def get_requires_for_build_wheel(config_settings=None):
        return []

    def build_wheel(wheel_directory, config_settings=None,
                    metadata_directory=None):
        p = _project()
        tag = _tag()
        name = "%s-%s-%s.whl" % (p["name"], p["version"], tag)
        info = "%s-%s.dist-info" % (p["name"], p["version"])
        with tempfile.TemporaryDirectory() as tmp:
            env = dict(os.environ)
            env.setdefault("GAMESEARCH_BUILD_BASE", os.path.join(tmp, "build"))
            lib = os.path.join(tmp, "lib")
            subprocess.run([sys.executable, "setup.py", "-q", "build",
                            "--build-lib", lib], cwd=ROOT, env=env,
                           check=True, stdout=sys.stderr)
            files = {}
            for top, _, names in os.walk(lib):
                for n in sorted(names):
                    path = os.path.join(top, n)
                    with open(path, "rb") as f:
                        files[os.path.relpath(path, lib)] = f.read()
        # setup.py's data_files, as a wheel holds them: under the
        # install's prefix
        data = "%s-%s.data/data/" % (p["name"], p["version"])
        for doc in ("python.md",):
            with open(os.path.join(ROOT, "docs", doc), "rb") as f:
                files[data + "share/doc/gamesearch/docs/" + doc] = f.read()
        files[info + "/METADATA"] = (
            "Metadata-Version: 2.1\nName: %s\nVersion: %s\nSummary: %s\n"
            "Requires-Python: %s\n" % (p["name"], p["version"],
                                       p["description"],
                                       p["requires-python"])).encode()
        files[info + "/WHEEL"] = (
            "Wheel-Version: 1.0\nGenerator: gamesearch_build\n"
            "Root-Is-Purelib: false\nTag: %s\n" % tag).encode()
        files[info + "/top_level.txt"] = b"gamesearch\n"
        record = []
        for path, data in files.items():
            digest = base64.urlsafe_b64encode(
                hashlib.sha256(data).digest()).rstrip(b"=").decode()
            record.append("%s,sha256=%s,%d" % (path, digest, len(data)))
        record.append(info + "/RECORD,,")
        files[info + "/RECORD"] = ("\n".join(record) + "\n").encode()
        with zipfile.ZipFile(os.path.join(wheel_directory, name), "w",
                             zipfile.ZIP_DEFLATED) as z:
            for path, data in files.items():
                z.writestr(path, data)
        return name
