#!/usr/bin/python3
# The browser WebKitWebDriver starts (webkitgtk:browserOptions.binary, with --automation): a GTK
# window holding nothing but a WebKit view. WebKitGTK's MiniBrowser cannot be made narrower than
# about 447 px (its toolbar), so it cannot be a phone. Options, from webkit-driver.ts:
#   --user-script=PATH      run PATH in every document before the page's own scripts
#   --disable-feature=NAME  switch a WebKit feature off (PopoverAttribute: no Popover API)
#   --proxy=URL             send every request not to loopback through URL, trusting whatever
#                           certificate comes back (tests/support/outside-world.ts)
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("WebKit2", "4.1")
from gi.repository import Gtk, WebKit2  # noqa: E402

options = dict(arg[2:].split("=", 1) for arg in sys.argv[1:] if "=" in arg)

settings = WebKit2.Settings()
features = WebKit2.Settings.get_all_features()
for index in range(features.get_length()):
    feature = features.get(index)
    if feature.get_identifier() in options.get("disable-feature", "").split(","):
        settings.set_feature_enabled(feature, False)

content = WebKit2.UserContentManager()
if "user-script" in options:
    with open(options["user-script"], encoding="utf-8") as script:
        content.add_script(
            WebKit2.UserScript(
                script.read(),
                WebKit2.UserContentInjectedFrames.ALL_FRAMES,
                WebKit2.UserScriptInjectionTime.START,
                None,
                None,
            )
        )

context = WebKit2.WebContext.new_ephemeral()
context.set_automation_allowed(True)
if "proxy" in options:
    data = context.get_website_data_manager()
    proxy = WebKit2.NetworkProxySettings.new(options["proxy"], ["127.0.0.1", "localhost"])
    data.set_network_proxy_settings(WebKit2.NetworkProxyMode.CUSTOM, proxy)
    data.set_tls_errors_policy(WebKit2.TLSErrorsPolicy.IGNORE)


def create_web_view(_session):
    view = WebKit2.WebView(
        web_context=context,
        settings=settings,
        user_content_manager=content,
        is_controlled_by_automation=True,
    )
    window = Gtk.Window()
    window.add(view)
    window.show_all()
    # With no window manager under Xvfb nothing gives the window focus, and a page without it
    # matches no :focus (the skip link's reveal).
    window.present()
    view.grab_focus()
    view.connect("close", lambda _view: window.destroy())
    return view


def automation_started(_context, session):
    info = WebKit2.ApplicationInfo()
    info.set_name("webkit-host")
    session.set_application_info(info)
    session.connect("create-web-view", create_web_view)


context.connect("automation-started", automation_started)
Gtk.main()
