"""Backups that restore: one archive holding the database, the stored files and the keys.

An archive is a gzip-compressed tar (encrypted with age to BACKUP_RECIPIENT when that is
set) holding:

    manifest.json                  what it holds, and the migrations the database had
    database/db.sqlite3            SQLite's online backup API: a consistent copy taken
                                   while the site keeps running (WAL readers never block)
    database/db.pgdump             or `pg_dump -Fc` on PostgreSQL
    files/private/<name>           the private storage (task submissions; local or bucket)
    files/media/<name>             the public uploads (team photos, certificate images)
    keys/credential_signing_keys   the Ed25519 keys that sign credentials, newest first
    keys/secret_key                the embedded demo's own SECRET_KEY, when it has one

Restoring refuses a database that already holds data (accounts, enrolments, enquiries,
certificates, submissions) unless forced: the catalogue and task boards that `migrate`
seeds do not count, so a clone that has run `make run` once is still empty. Files and keys
are written through the same storages and key file the site reads.

Used by the `backup` and `restore` management commands (`make backup`, `make restore`).
"""

from __future__ import annotations

import io
import json
import os
import shutil
import sqlite3
import subprocess
import tarfile
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path, PurePosixPath
from typing import IO, Any

import pyrage
from django.apps import apps
from django.conf import settings
from django.core.files import File
from django.core.files.storage import Storage, storages
from django.db import connections
from django.db.migrations.loader import MigrationLoader
from django.db.migrations.recorder import MigrationRecorder

from core.env import credential_keys_file, credential_keys_write

FORMAT = 1
MANIFEST = "manifest.json"
SQLITE_MEMBER = "database/db.sqlite3"
PG_MEMBER = "database/db.pgdump"
KEYS_MEMBER = "keys/credential_signing_keys"
SECRET_MEMBER = "keys/secret_key"
# Storage aliases whose files are kept, each under files/<alias>/ in the archive.
STORED_FILES = {"private": "private", "media": "default"}
# The records people make: a database holding any of these is not overwritten unforced.
DATA_MODELS = (
    "accounts.User",
    "enrolments.Enrolment",
    "enquiries.Enquiry",
    "certificates.Certificate",
    "internships.TaskSubmission",
)
AGE_HEADER = b"age-encryption.org/v1"
CHUNK = 1024 * 1024


class BackupError(Exception):
    """Something an operator must fix; the message says what."""


@dataclass
class RestoreReport:
    database: str = ""
    files: dict[str, int] = field(default_factory=dict)
    keys: int = 0
    warnings: list[str] = field(default_factory=list)


# --- Making an archive ----------------------------------------------------------------


def backup_create(
    *, directory: Path, recipients: str = "", now: datetime | None = None, alias: str = "default"
) -> Path:
    """Write an archive into `directory` (made 0700 if new) and return its path. The
    archive is created 0600 and, with `recipients` (age public keys, comma-separated),
    encrypted to them; nothing unencrypted is left behind."""
    age_recipients = _recipients(recipients)
    directory.mkdir(mode=0o700, parents=True, exist_ok=True)
    stamp = (now or datetime.now(UTC)).astimezone(UTC).strftime("%Y%m%d-%H%M%SZ")
    with tempfile.TemporaryDirectory(dir=directory, prefix=".backup-") as work_dir:
        work = Path(work_dir)
        tar_path = work / "archive.tar.gz"
        with _private_file(tar_path) as raw, tarfile.open(fileobj=raw, mode="w:gz") as tar:
            manifest = _database_dump(tar, work, alias=alias)
            manifest["files"] = {
                name: _storage_dump(tar, storages[alias_], f"files/{name}")
                for name, alias_ in STORED_FILES.items()
            }
            manifest["keys"] = _keys_dump(tar)
            manifest["format"] = FORMAT
            manifest["created_at"] = stamp
            _add_bytes(tar, MANIFEST, json.dumps(manifest, indent=2, sort_keys=True).encode())
        suffix = ".tar.gz.age" if age_recipients else ".tar.gz"
        target = _new_name(directory, f"backup-{stamp}", suffix)
        if age_recipients:
            encrypted = work / "archive.age"
            pyrage.encrypt_file(str(tar_path), str(encrypted), age_recipients)
            encrypted.chmod(0o600)
            os.replace(encrypted, target)
        else:
            os.replace(tar_path, target)
    return target


def _recipients(value: str) -> list[Any]:
    found: list[Any] = []
    for part in (p.strip() for p in value.split(",")):
        if not part:
            continue
        try:
            if part.startswith("ssh-"):
                found.append(pyrage.ssh.Recipient.from_str(part))
            else:
                found.append(pyrage.x25519.Recipient.from_str(part))
        except pyrage.RecipientError as exc:
            raise BackupError(
                f"BACKUP_RECIPIENT holds {part!r}, which is not an age public key "
                f"(age1…) or an SSH public key: {exc}"
            ) from exc
    return found


def _new_name(directory: Path, stem: str, suffix: str) -> Path:
    for counter in range(100):
        candidate = directory / f"{stem}{f'-{counter}' if counter else ''}{suffix}"
        if not candidate.exists():
            return candidate
    raise BackupError(f"Too many archives named {stem}… in {directory}.")


@contextmanager
def _private_file(path: Path) -> Iterator[IO[bytes]]:
    """A new file readable by its owner only, whatever the umask."""
    descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(descriptor, "wb") as out:
        yield out


def _add_bytes(tar: tarfile.TarFile, name: str, data: bytes) -> None:
    info = tarfile.TarInfo(name)
    info.size = len(data)
    info.mode = 0o600
    info.mtime = int(datetime.now(UTC).timestamp())
    tar.addfile(info, io.BytesIO(data))


def _owner_only(info: tarfile.TarInfo) -> tarfile.TarInfo:
    info.mode, info.uid, info.gid, info.uname, info.gname = 0o600, 0, 0, "", ""
    return info


def _database_dump(tar: tarfile.TarFile, work: Path, *, alias: str) -> dict[str, Any]:
    connection = connections[alias]
    applied = sorted(
        [app, name] for app, name in MigrationRecorder(connection).applied_migrations()
    )
    if connection.vendor == "sqlite":
        target = work / "db.sqlite3"
        connection.ensure_connection()
        destination = sqlite3.connect(target)
        try:
            # Copies page by page from a reader's consistent view: the site goes on writing.
            connection.connection.backup(destination)
        finally:
            destination.close()
        tar.add(target, SQLITE_MEMBER, filter=_owner_only)
        vendor = "sqlite"
    elif connection.vendor == "postgresql":
        target = work / "db.pgdump"
        _pg_run("pg_dump", "--format=custom", f"--file={target}", alias=alias)
        tar.add(target, PG_MEMBER, filter=_owner_only)
        vendor = "postgresql"
    else:
        raise BackupError(f"Backing up a {connection.vendor} database is not supported.")
    return {"database": vendor, "migrations": applied}


def _storage_walk(storage: Storage, path: str = "") -> Iterator[str]:
    try:
        directories, files = storage.listdir(path)
    except FileNotFoundError:
        return  # a local storage nothing was ever saved to
    for name in sorted(files):
        yield f"{path}/{name}" if path else name
    for directory in sorted(directories):
        yield from _storage_walk(storage, f"{path}/{directory}" if path else directory)


def _storage_dump(tar: tarfile.TarFile, storage: Storage, prefix: str) -> int:
    count = 0
    for name in _storage_walk(storage):
        with storage.open(name, "rb") as source:
            info = tarfile.TarInfo(f"{prefix}/{name}")
            info.size = storage.size(name)
            info.mode = 0o600
            info.mtime = int(storage.get_modified_time(name).timestamp())
            tar.addfile(info, source)
        count += 1
    return count


def _keys_dump(tar: tarfile.TarFile) -> int:
    keys = list(settings.CREDENTIAL_SIGNING_KEYS)
    _add_bytes(tar, KEYS_MEMBER, "".join(f"{key}\n" for key in keys).encode())
    secret_file = Path(settings.VAR_DIR) / "secret_key"
    if not os.environ.get("SECRET_KEY") and secret_file.exists():
        _add_bytes(tar, SECRET_MEMBER, secret_file.read_bytes())
    return len(keys)


# --- PostgreSQL's own tools -------------------------------------------------------------


def _pg_run(program: str, *arguments: str, alias: str) -> None:
    """Run pg_dump or pg_restore against the database the site uses; the password goes in
    the environment, never on a command line others can read."""
    if shutil.which(program) is None:
        raise BackupError(
            f"{program} is not installed: install PostgreSQL's client tools "
            "(Debian: apt-get install postgresql-client), the same major version as the "
            "server or newer."
        )
    db = connections[alias].settings_dict
    env = {**os.environ, "PGDATABASE": str(db["NAME"])}
    for variable, key in (
        ("PGHOST", "HOST"),
        ("PGPORT", "PORT"),
        ("PGUSER", "USER"),
        ("PGPASSWORD", "PASSWORD"),
    ):
        if db.get(key):
            env[variable] = str(db[key])
    if (db.get("OPTIONS") or {}).get("sslmode"):
        env["PGSSLMODE"] = str(db["OPTIONS"]["sslmode"])
    result = subprocess.run(  # noqa: S603 (a fixed program, arguments we build)
        [program, *arguments], env=env, capture_output=True, text=True, check=False
    )
    if result.returncode != 0:
        raise BackupError(f"{program} failed: {result.stderr.strip() or result.stdout.strip()}")


# --- Restoring ----------------------------------------------------------------------------


def database_holds_data(*, alias: str = "default") -> bool:
    connection = connections[alias]
    tables = set(connection.introspection.table_names())
    for label in DATA_MODELS:
        model = apps.get_model(label)
        if model._meta.db_table in tables and model._default_manager.using(alias).exists():
            return True
    return False


def backup_restore(
    *, archive: Path, identity: str = "", force: bool = False, alias: str = "default"
) -> RestoreReport:
    """Bring this install back from an archive: database, files, keys. Refuses a database
    that holds data unless `force`; an encrypted archive needs `identity` (an age identity
    file's path, or the AGE-SECRET-KEY-… itself)."""
    if not archive.is_file():
        raise BackupError(f"No archive at {archive}.")
    with tempfile.TemporaryDirectory(prefix="restore-") as work_dir:
        work = Path(work_dir)
        plain = _decrypted(archive, work, identity)
        with _open_archive(plain, archive) as tar:
            members = _members(tar)
            manifest = _manifest(tar, members)
            _check_migrations(manifest)
            if not force and database_holds_data(alias=alias):
                raise BackupError(
                    "This install's database already holds data (accounts, enrolments or "
                    "certificates); restoring would replace it. Run again with FORCE=1 "
                    "(manage.py restore --force) if that is what you want."
                )
            report = RestoreReport()
            report.database = _database_load(tar, members, manifest, work, alias=alias)
            for name, storage_alias in STORED_FILES.items():
                report.files[name] = _storage_load(
                    tar, members, storages[storage_alias], f"files/{name}/"
                )
            report.keys = _keys_load(tar, members, report)
    return report


@contextmanager
def _open_archive(plain: Path, archive: Path) -> Iterator[tarfile.TarFile]:
    try:
        tar = tarfile.open(plain, mode="r:gz")  # noqa: SIM115 (closed below)
    except (tarfile.TarError, OSError) as exc:
        raise BackupError(f"{archive} is not a backup archive: {exc}") from exc
    with tar:
        yield tar


def _decrypted(archive: Path, work: Path, identity: str) -> Path:
    with archive.open("rb") as head:
        encrypted = head.read(len(AGE_HEADER)) == AGE_HEADER
    if not encrypted:
        return archive
    if not identity:
        raise BackupError(
            f"{archive} is encrypted: set BACKUP_IDENTITY to the age identity file (or key) "
            "that matches BACKUP_RECIPIENT."
        )
    text = identity
    if not identity.strip().startswith("AGE-SECRET-KEY-"):
        try:
            text = Path(identity).expanduser().read_text()
        except OSError as exc:
            raise BackupError(f"Cannot read BACKUP_IDENTITY ({identity}): {exc}") from exc
    identities = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            try:
                identities.append(pyrage.x25519.Identity.from_str(line))
            except pyrage.IdentityError as exc:
                raise BackupError(
                    f"BACKUP_IDENTITY holds a line that is not an age key: {exc}"
                ) from exc
    if not identities:
        raise BackupError("BACKUP_IDENTITY holds no age secret key (AGE-SECRET-KEY-…).")
    plain = work / "archive.tar.gz"
    try:
        pyrage.decrypt_file(str(archive), str(plain), identities)
    except pyrage.DecryptError as exc:
        raise BackupError(f"Cannot decrypt {archive} with BACKUP_IDENTITY: {exc}") from exc
    return plain


def _members(tar: tarfile.TarFile) -> dict[str, tarfile.TarInfo]:
    """Regular files only, under safe relative names: an archive never writes outside the
    places restore puts things."""
    found: dict[str, tarfile.TarInfo] = {}
    for member in tar.getmembers():
        path = PurePosixPath(member.name)
        if not member.isfile() or path.is_absolute() or ".." in path.parts:
            raise BackupError(f"The archive holds an unexpected entry: {member.name!r}.")
        found[str(path)] = member
    return found


def _read(tar: tarfile.TarFile, member: tarfile.TarInfo) -> IO[bytes]:
    source = tar.extractfile(member)
    if source is None:
        raise BackupError(f"Cannot read {member.name} from the archive.")
    return source


def _manifest(tar: tarfile.TarFile, members: dict[str, tarfile.TarInfo]) -> dict[str, Any]:
    if MANIFEST not in members:
        raise BackupError("The archive has no manifest.json: it is not one `make backup` wrote.")
    manifest: dict[str, Any] = json.loads(_read(tar, members[MANIFEST]).read())
    if manifest.get("format") != FORMAT:
        raise BackupError(f"Unknown archive format {manifest.get('format')!r}.")
    return manifest


def _check_migrations(manifest: dict[str, Any]) -> None:
    known = set(MigrationLoader(None, ignore_no_migrations=True).disk_migrations)
    unknown = [f"{app}.{name}" for app, name in manifest["migrations"] if (app, name) not in known]
    if unknown:
        raise BackupError(
            "The archive comes from a newer release of the site (migrations this code does "
            f"not have: {', '.join(unknown[:5])}); check out that release first."
        )


def _database_load(
    tar: tarfile.TarFile,
    members: dict[str, tarfile.TarInfo],
    manifest: dict[str, Any],
    work: Path,
    *,
    alias: str,
) -> str:
    connection = connections[alias]
    if manifest["database"] != connection.vendor:
        raise BackupError(
            f"The archive holds a {manifest['database']} database and this install uses "
            f"{connection.vendor}; point DATABASE_URL at a {manifest['database']} database."
        )
    member = members.get(SQLITE_MEMBER if connection.vendor == "sqlite" else PG_MEMBER)
    if member is None:
        raise BackupError("The archive holds no database.")
    dump = work / "database"
    with _read(tar, member) as source, dump.open("wb") as out:
        shutil.copyfileobj(source, out, CHUNK)
    if connection.vendor == "sqlite":
        connection.ensure_connection()
        source_db = sqlite3.connect(dump)
        try:
            # Page by page into the database the site opens (a file, or a test's memory).
            source_db.backup(connection.connection)
        finally:
            source_db.close()
    else:
        connection.close()  # pg_restore drops the tables: hold no lock on them
        _pg_run(
            "pg_restore",
            "--clean",
            "--if-exists",
            "--no-owner",
            "--no-privileges",
            "--single-transaction",
            "--exit-on-error",
            f"--dbname={connection.settings_dict['NAME']}",
            str(dump),
            alias=alias,
        )
    return connection.vendor


def _storage_load(
    tar: tarfile.TarFile, members: dict[str, tarfile.TarInfo], storage: Storage, prefix: str
) -> int:
    count = 0
    for member_name, member in members.items():
        if not member_name.startswith(prefix):
            continue
        name = member_name[len(prefix) :]
        if storage.exists(name):
            storage.delete(name)
        with _read(tar, member) as source:
            content = File(source, name=name)
            content.size = member.size
            saved = storage.save(name, content)
        if saved != name:
            raise BackupError(f"{name} was stored as {saved}; restore it by hand.")
        count += 1
    return count


def _keys_load(
    tar: tarfile.TarFile, members: dict[str, tarfile.TarInfo], report: RestoreReport
) -> int:
    if KEYS_MEMBER not in members:
        raise BackupError("The archive holds no credential signing keys.")
    restored = _read(tar, members[KEYS_MEMBER]).read().decode().split()
    key_file = credential_keys_file(Path(settings.VAR_DIR))
    current = key_file.read_text().split() if key_file.exists() else []
    # The archive's keys first (the first signs new credentials again); any key this
    # install made meanwhile is kept after them, so nothing it signed stops verifying.
    credential_keys_write(key_file, [*restored, *(k for k in current if k not in restored)])
    if os.environ.get("CREDENTIAL_SIGNING_KEY"):
        in_use = [k.strip() for k in os.environ["CREDENTIAL_SIGNING_KEY"].split(",")]
        if in_use[: len(restored)] != restored:
            report.warnings.append(
                f"CREDENTIAL_SIGNING_KEY in the environment differs from the archive's keys, "
                f"and the environment wins: set it to the lines of {key_file} joined by "
                "commas (in that order) and restart, or the restored credentials will not "
                "verify."
            )
    if SECRET_MEMBER in members:
        secret = _read(tar, members[SECRET_MEMBER]).read()
        if os.environ.get("SECRET_KEY"):
            report.warnings.append(
                "SECRET_KEY is set in the environment, so the archive's secret key was not "
                "written; sessions and password-reset links made before the backup end."
            )
        else:
            secret_file = Path(settings.VAR_DIR) / "secret_key"
            secret_file.unlink(missing_ok=True)
            with _private_file(secret_file) as out:
                out.write(secret)
    return len(restored)
