//! Text search in the database: one function over the full-text index of either database
//! (SQLite FTS5, PostgreSQL `tsvector`; made by the `search_index` migration), and a plain
//! case-insensitive "contains" for short exact fields such as a location.

use sea_orm::DbBackend;
use sea_orm::sea_query::{Expr, ExprTrait, Func, IntoColumnRef, LikeExpr, SimpleExpr};

/// A table with a full-text index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searched {
    Services,
    Jobs,
}

impl Searched {
    fn table(self) -> &'static str {
        match self {
            Searched::Services => "services",
            Searched::Jobs => "jobs",
        }
    }
}

/// At most this many words of a search are used: enough for any real query, and a bound on
/// the work one request can ask of the index.
const MAX_WORDS: usize = 8;

/// The words of a search: letters and digits only, so nothing in it is query syntax.
fn words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()).take(MAX_WORDS).map(str::to_lowercase).collect()
}

/// Rows of `searched` whose indexed text holds every word of `text`, each word also matching
/// as the start of a longer one ("clean" finds "cleaning"). A search with no words matches
/// nothing.
pub fn matching(backend: DbBackend, searched: Searched, text: &str) -> SimpleExpr {
    let words = words(text);
    if words.is_empty() {
        return Expr::val(false);
    }
    let table = searched.table();
    match backend {
        DbBackend::Postgres => {
            let query = words.iter().map(|w| format!("{w}:*")).collect::<Vec<_>>().join(" & ");
            // PostgreSQL's placeholders are numbered: `$1` is this expression's own first value.
            Expr::cust_with_values(format!("{table}.search_vector @@ to_tsquery('english', $1)"), [query])
        }
        _ => {
            let query = words.iter().map(|w| format!("\"{w}\"*")).collect::<Vec<_>>().join(" ");
            Expr::cust_with_values(format!("{table}.id IN (SELECT rowid FROM {table}_search WHERE {table}_search MATCH ?)"), [query])
        }
    }
}

/// `column` contains `needle`, ignoring case; `%` and `_` in the needle match themselves.
pub fn contains_ignoring_case(column: impl IntoColumnRef, needle: &str) -> SimpleExpr {
    let escaped = needle.to_lowercase().replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    Expr::expr(Func::lower(Expr::col(column))).like(LikeExpr::new(format!("%{escaped}%")).escape('\\'))
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_letters_and_digits_reach_the_index() {
        assert_eq!(super::words("Deep-clean \"OR\" kitchen* (NEAR) é"), ["deep", "clean", "or", "kitchen", "near", "é"]);
        assert!(super::words("%%% ---").is_empty());
        assert_eq!(super::words("a b c d e f g h i j").len(), super::MAX_WORDS);
    }
}
