"""Static files as production serves them: hashed, compressed names, JS modules included.

The page scripts are ES modules that import each other by relative path. Django's manifest
storage rewrites those imports only when asked (`support_js_module_import_aggregation`);
without it a page names its entry module by its hashed name, cached for a year, while every
module that entry imports keeps its plain name, which WhiteNoise may only let a browser
keep for a minute: each page load after that asked again for some seventy modules.
"""

from __future__ import annotations

from whitenoise.storage import CompressedManifestStaticFilesStorage


class ModuleManifestStorage(CompressedManifestStaticFilesStorage):
    support_js_module_import_aggregation = True
