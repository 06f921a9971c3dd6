//! Form controls with their labels. A control's id is `{form}-{name}`, so ids stay unique as
//! long as a page has one form of each name.

use leptos::prelude::*;

fn control_id(form: &str, name: &str) -> String {
    format!("{form}-{name}")
}

/// The label, with "(optional)" for controls that may be left empty, and the hint under it.
#[component]
fn LabelAndHint(id: String, label: &'static str, required: bool, hint: Option<&'static str>) -> impl IntoView {
    let hint_id = format!("{id}-hint");
    view! {
        <label class="field-label" for=id>
            {label}
            {(!required).then(|| view! { <span class="field-optional">" (optional)"</span> })}
        </label>
        {hint.map(|hint| view! { <p class="field-hint" id=hint_id>{hint}</p> })}
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
    #[prop(optional)] hint: Option<&'static str>,
    #[prop(optional)] inputmode: Option<&'static str>,
    #[prop(optional)] min: Option<&'static str>,
    /// File types a file input takes.
    #[prop(optional)]
    accept: Option<&'static str>,
) -> impl IntoView {
    let id = control_id(form, name);
    let described_by = hint.map(|_| format!("{id}-hint"));
    view! {
        <div class="field">
            <LabelAndHint id=id.clone() label required hint/>
            <input
                id=id
                name=name
                type=kind
                required=required
                autocomplete=autocomplete
                aria-describedby=described_by
                inputmode=inputmode
                min=min
                accept=accept
            />
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
    #[prop(optional)] hint: Option<&'static str>,
    #[prop(default = 5)] rows: u8,
) -> impl IntoView {
    let id = control_id(form, name);
    let described_by = hint.map(|_| format!("{id}-hint"));
    view! {
        <div class="field">
            <LabelAndHint id=id.clone() label required hint/>
            <textarea id=id name=name rows=rows required=required aria-describedby=described_by></textarea>
        </div>
    }
}

/// A `<select>` with its label; `options` are (value, text) pairs after a "Choose" prompt.
#[component]
pub(crate) fn Select(
    form: &'static str,
    name: &'static str,
    label: &'static str,
    options: &'static [(&'static str, &'static str)],
) -> impl IntoView {
    let id = control_id(form, name);
    view! {
        <div class="field">
            <LabelAndHint id=id.clone() label required=true hint=None/>
            <select id=id name=name required>
                <option value="">"Choose…"</option>
                {options.iter().map(|(value, text)| view! { <option value=*value>{*text}</option> }).collect_view()}
            </select>
        </div>
    }
}

/// The form's main button.
#[component]
pub(crate) fn Submit(label: &'static str) -> impl IntoView {
    view! { <button class="button button--primary" type="submit">{label}</button> }
}
