"""The server's options are the same whether it starts from the checkout (its
.streamlit/config.toml) or from an install (`python -m webapp`)."""

import tomllib

from tests.test_install import ROOT
from vision.decode import LARGEST_FILE
from webapp.__main__ import SERVER_OPTIONS


def test_the_checkout_s_config_matches_the_installed_server_s_options():
    config = tomllib.loads((ROOT / ".streamlit" / "config.toml").read_text(encoding="utf-8"))
    for name, value in SERVER_OPTIONS.items():
        section, option = name.split(".")
        assert config[section][option] == value, name


def test_the_server_takes_no_upload_the_reader_would_refuse():
    assert SERVER_OPTIONS["server.maxUploadSize"] * 2**20 == LARGEST_FILE


def test_hardening_visitors_get_no_error_details_and_no_built_in_csv_export():
    assert SERVER_OPTIONS["client.showErrorDetails"] == "none"
    assert SERVER_OPTIONS["client.disableDataExport"] is True
