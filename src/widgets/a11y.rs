//! Accessible names and descriptions for screen readers.
//!
//! gtk4-rs 0.11 exposes `gtk::Accessible` (and its safe `update_property`)
//! only with its `v4_10` feature, which needs GTK 4.10 to build; Debian 12
//! has 4.8. `gtk_accessible_update_property_value` exists since GTK 4.0 and
//! is all this needs, so it is called directly: the app's only `unsafe`,
//! allowed in this module alone. It goes when the build moves to GTK 4.10.
#![allow(unsafe_code)]

use std::ffi::{c_int, c_void};

use gtk::glib::gobject_ffi::GValue;
use gtk::glib::translate::{IntoGlib, ToGlibPtr};
use gtk::prelude::*;

unsafe extern "C" {
    // GTK 4.0: void gtk_accessible_update_property_value (GtkAccessible *self,
    //   int n_properties, GtkAccessibleProperty properties[], const GValue values[]);
    fn gtk_accessible_update_property_value(
        accessible: *mut c_void,
        n_properties: c_int,
        properties: *const c_int,
        values: *const GValue,
    );
}

fn update(widget: &impl IsA<gtk::Widget>, property: gtk::AccessibleProperty, text: &str) {
    let value = text.to_value();
    let property = property.into_glib();
    let widget: &gtk::Widget = widget.upcast_ref();
    // SAFETY: every GtkWidget implements GtkAccessible; one property with
    // one string value, both alive for the call.
    unsafe {
        gtk_accessible_update_property_value(
            ToGlibPtr::<*mut gtk::ffi::GtkWidget>::to_glib_none(widget).0 as *mut c_void,
            1,
            &property,
            ToGlibPtr::<*const GValue>::to_glib_none(&value).0,
        );
    }
}

/// The name a screen reader says for `widget`.
pub fn set_label(widget: &impl IsA<gtk::Widget>, text: &str) {
    update(widget, gtk::AccessibleProperty::Label, text);
}

/// The longer description a screen reader gives of `widget`.
pub fn set_description(widget: &impl IsA<gtk::Widget>, text: &str) {
    update(widget, gtk::AccessibleProperty::Description, text);
}
