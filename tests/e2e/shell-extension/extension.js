// Match5's end-to-end tests run the app in a headless GNOME Shell
// (tests/e2e/session). They ask the shell where the app's windows are and
// take screenshots through its D-Bus API, which it answers only in unsafe
// mode; and they start on the desktop, as a person's session does, not in
// the overview a headless shell opens with.
import * as Main from 'resource:///org/gnome/shell/ui/main.js';
import {Extension} from 'resource:///org/gnome/shell/extensions/extension.js';

export default class Match5Tests extends Extension {
    enable() {
        global.context.unsafe_mode = true;
        if (Main.layoutManager._startingUp)
            this._started = Main.layoutManager.connect('startup-complete', () => Main.overview.hide());
        else
            Main.overview.hide();
    }

    disable() {
        global.context.unsafe_mode = false;
        if (this._started)
            Main.layoutManager.disconnect(this._started);
        this._started = null;
    }
}
