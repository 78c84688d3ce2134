"""Django's locale formats for the site's language (settings.FORMAT_MODULE_PATH)."""
