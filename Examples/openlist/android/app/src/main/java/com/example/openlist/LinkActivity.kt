package com.example.openlist

import android.app.Activity
import android.content.Intent
import android.os.Bundle
import android.util.Log

/**
 * The activity of the intent filters `linkgen android-manifest` writes: it opens App Links and
 * openlist: links with the generated DeepLink (DeepLink.kt, `linkgen generate kotlin`), which
 * applies the route table's rules exactly as LinkKit does on iOS.
 */
class LinkActivity : Activity() {
    override fun onCreate(savedInstanceState: Bundle?) {
        super.onCreate(savedInstanceState)
        intent?.dataString?.let(::openLink)
        DeferredLinks.readInstallReferrerOnce(this) { link -> openLink(link) }
    }

    override fun onNewIntent(intent: Intent) {
        super.onNewIntent(intent)
        intent.dataString?.let(::openLink)
    }

    /** Opens the screen of one of the route table's links; anything else is refused, and logged. */
    private fun openLink(link: String) {
        when (val result = DeepLink.parse(link)) {
            is ParseResult.Success -> open(result.value)
            is ParseResult.Failure -> Log.i("links", "refused ${result.code}: ${result.message}")
        }
    }

    private fun open(link: DeepLink) {
        when (link) {
            is DeepLink.SharedChecklist -> showChecklist(link.id)
            is DeepLink.ChecklistItem -> showItem(link.list, link.item)
            is DeepLink.Checklist -> showChecklist(link.list, link.layout, link.showDone, link.page)
            is DeepLink.Invite -> confirmInvite(link.code, link.role)
            is DeepLink.Search -> search(link.query)
            DeepLink.Home -> showHome()
        }
    }
    // … showChecklist, showItem, confirmInvite, search and showHome are the app's own screens.
}
