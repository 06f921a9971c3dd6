//! Form controls with their labels. A control's id is `{form}-{name}`, so ids stay unique as
//! long as a page has one form of each name.

use leptos::prelude::*;

fn control_id(form: &str, name: &str) -> String {
    format!("{form}-{name}")
}

/// The label, with "(optional)" for controls that may be left empty.
#[component]
fn Label(id: String, label: &'static str, required: bool) -> impl IntoView {
    view! {
        <label class="field-label" for=id>
            {label}
            {(!required).then(|| view! { <span class="field-optional">" (optional)"</span> })}
        </label>
    }
}

/// An `<input>` with its label.
#[component]
pub(crate) fn Field(
    form: &'static str,
    name: &'static str,
    label: &'static str,
    /// The input's `type`.
    #[prop(default = "text")]
    kind: &'static str,
    #[prop(default = true)] required: bool,
    #[prop(optional)] autocomplete: Option<&'static str>,
) -> impl IntoView {
    let id = control_id(form, name);
    view! {
        <div class="field">
            <Label id=id.clone() label required/>
            <input id=id name=name type=kind required=required autocomplete=autocomplete/>
        </div>
    }
}

/// A `<textarea>` with its label.
#[component]
pub(crate) fn TextArea(
    form: &'static str,
    name: &'static str,
    label: &'static str,
    #[prop(default = true)] required: bool,
    #[prop(default = 5)] rows: u8,
) -> impl IntoView {
    let id = control_id(form, name);
    view! {
        <div class="field">
            <Label id=id.clone() label required/>
            <textarea id=id name=name rows=rows required=required></textarea>
        </div>
    }
}

/// The form's main button.
#[component]
pub(crate) fn Submit(label: &'static str) -> impl IntoView {
    view! { <button class="button button--primary" type="submit">{label}</button> }
}
